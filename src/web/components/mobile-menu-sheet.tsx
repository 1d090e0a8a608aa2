import type { RefObject } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useT } from '@/lib/i18n/use-t';
import type { CurrentUser } from '../../shared/schemas/auth';
import { AccountBlock, VisitorLinks } from './account-nav';

interface MobileMenuSheetProps {
  user: CurrentUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button: there is no Radix trigger to return focus to. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

export function MobileMenuSheet({ user, open, onOpenChange, returnFocusTo }: MobileMenuSheetProps) {
  const close = () => onOpenChange(false);
  const t = useT();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetTitle className="text-lg font-semibold">{t('layout.menu.title')}</SheetTitle>
        <SheetDescription className="sr-only">
          {user ? t('layout.menu.description.signedIn') : t('layout.menu.description.visitor')}
        </SheetDescription>
        <nav aria-label={t('layout.menu.navLabel')} className="flex flex-col gap-3">
          {user ? (
            <AccountBlock user={user} stacked onNavigate={close} />
          ) : (
            <VisitorLinks stacked onNavigate={close} />
          )}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
