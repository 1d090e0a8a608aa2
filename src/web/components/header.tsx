import { LogOut, Menu } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { CurrentUser } from '../../shared/schemas/auth';
import { homePathFor, ROLE_LABELS } from '../../shared/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { useAuth } from '@/features/auth/api/session';
import { useLogout } from '@/features/auth/api/use-logout';
import { Logo } from './logo';

// These dashboards show the account block and their own sign-out control in the page.
const PAGES_WITH_OWN_ACCOUNT_BLOCK = ['/admin/dashboard', '/doctor/dashboard', '/patient/dashboard'];

export function Header() {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  const showAccount = !PAGES_WITH_OWN_ACCOUNT_BLOCK.includes(pathname);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Logo to={user ? homePathFor(user.role) : '/'} />
        {!isLoading && showAccount && (
          <>
            <nav aria-label="Account" className="hidden items-center gap-3 md:flex">
              {user ? <AccountBlock user={user} /> : <VisitorLinks />}
            </nav>
            <MobileMenu user={user} />
          </>
        )}
      </div>
    </header>
  );
}

function VisitorLinks({ inSheet = false }: { inSheet?: boolean }) {
  const wrap = (node: ReactNode) => (inSheet ? <SheetClose asChild>{node}</SheetClose> : node);
  return (
    <>
      {wrap(
        <Button asChild variant="outline" className={inSheet ? 'w-full' : undefined}>
          <Link to="/login">Access Patient Portal</Link>
        </Button>,
      )}
      {wrap(
        <Button asChild className={inSheet ? 'w-full' : undefined}>
          <Link to="/register">Start Your Application</Link>
        </Button>,
      )}
    </>
  );
}

function AccountBlock({ user, inSheet = false }: { user: CurrentUser; inSheet?: boolean }) {
  const { logout, pending } = useLogout();
  return (
    <div className={inSheet ? 'flex flex-col gap-3' : 'flex items-center gap-3'}>
      <div className={inSheet ? 'grid gap-1' : 'flex items-center gap-2 text-sm'}>
        <span className="max-w-56 truncate text-sm text-foreground" title={user.email}>
          {user.email}
        </span>
        <Badge variant="outline" className="w-fit">
          {ROLE_LABELS[user.role]}
        </Badge>
      </div>
      <Button variant="outline" size="sm" onClick={logout} disabled={pending}>
        <LogOut aria-hidden="true" />
        Sign Out
      </Button>
    </div>
  );
}

function MobileMenu({ user }: { user: CurrentUser | null }) {
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" className="size-6!" />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetTitle className="text-lg font-semibold">Menu</SheetTitle>
        <SheetDescription className="sr-only">
          {user ? 'Your account' : 'Apply or sign in to the patient portal'}
        </SheetDescription>
        <nav aria-label="Account" className="flex flex-col gap-3">
          {user ? <AccountBlock user={user} inSheet /> : <VisitorLinks inSheet />}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
