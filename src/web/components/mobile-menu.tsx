import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/use-t';
import type { CurrentUser } from '../../shared/schemas/auth';

// The sheet (Radix dialog, focus trap, scroll lock) loads on first open, keeping it off the
// landing page's critical path.
const MobileMenuSheet = lazy(() =>
  import('./mobile-menu-sheet').then((m) => ({ default: m.MobileMenuSheet })),
);

export function MobileMenu({ user }: { user: CurrentUser | null }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const t = useT();
  return (
    <>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={t('layout.menu.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-6!" />
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <MobileMenuSheet
            user={user}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={triggerRef}
          />
        </Suspense>
      )}
    </>
  );
}
