import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Footer } from '@/components/footer';
import { Header } from '@/components/header';
import { FullPageSpinner } from '@/components/ui/spinner';
import { SkipLink, useMainFocusOnNavigation } from './root-layout';

/** Visitors' and patients' pages: the site header and footer around the page. */
export function SiteLayout() {
  const mainRef = useMainFocusOnNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header />
      <main
        id="main-content"
        ref={mainRef}
        tabIndex={-1}
        className="flex flex-1 flex-col outline-none"
      >
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
