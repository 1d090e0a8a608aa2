import { Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n/use-t';

// The app's shell. Each page family picks its frame below it (issue 12): the site (marketing
// header and footer) for visitors and patients, the staff console (a sidebar), and the call
// rooms (full-bleed, nothing around the video).

export function RootLayout() {
  return (
    <>
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

/** The first stop for keyboard users on every frame. */
export function SkipLink() {
  const t = useT();
  return (
    <a
      href="#main-content"
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('layout.skipLink')}
    </a>
  );
}

/**
 * After a navigation the user caused, move focus to the new page so screen readers follow.
 * Redirects during the first load (/ → /landing) leave focus alone, so the skip link and
 * header stay first in the tab order.
 */
export function useMainFocusOnNavigation() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  const interacted = useRef(false);

  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    window.addEventListener('pointerdown', mark, { once: true });
    window.addEventListener('keydown', mark, { once: true });
    return () => {
      window.removeEventListener('pointerdown', mark);
      window.removeEventListener('keydown', mark);
    };
  }, []);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (interacted.current) mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return mainRef;
}
