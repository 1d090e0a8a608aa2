import { useAuth } from '@/features/auth/api/session';
import { useT } from '@/lib/i18n/use-t';
import { homePathFor } from '../../shared/roles';
import { AccountBlock, VisitorLinks } from './account-nav';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';

export function Header() {
  const { user, isLoading } = useAuth();
  const t = useT();

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Logo to={user ? homePathFor(user.role) : '/'} />
        <div className="flex items-center gap-2 md:gap-3">
          <LanguageSwitch />
          {!isLoading && (
            <>
              <nav
                aria-label={t('layout.header.accountNav')}
                className="hidden items-center gap-3 md:flex"
              >
                {user ? <AccountBlock user={user} /> : <VisitorLinks />}
              </nav>
              <MobileMenu user={user} />
            </>
          )}
        </div>
      </div>
    </header>
  );
}
