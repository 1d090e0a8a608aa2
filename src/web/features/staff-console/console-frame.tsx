import { Eye, Menu } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { SkipLink, useMainFocusOnNavigation } from '@/app/layouts/root-layout';
import { SiteLayout } from '@/app/layouts/site-layout';
import { type ConsoleViewer, previewViewer, viewerOf } from '@/app/staff-nav';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { FullPageSpinner } from '@/components/ui/spinner';
import { may } from '@/features/admin-dashboard/staff-access';
import { useAuth } from '@/features/auth/api/session';
import { VerifyEmailNotice } from '@/features/auth/components/verify-email-notice';
import { StaffIdleGuard } from '@/features/auth/idle/staff-idle-guard';
import { useStaffLiveUpdates } from '@/features/realtime/use-staff-live-updates';
import { homePathFor, isStaffRole, ROLE_LABELS, type Role } from '../../../shared/roles';
import type { CurrentUser } from '../../../shared/schemas/auth';
import { ConsoleSidebar } from './console-sidebar';
import { useProviderAlertsSetting, useWaitingAlerts, useWaitingTitle } from './provider-alerts';
import { useConsoleCounts } from './use-console-counts';

// The staff console's frame (issue 12): no marketing header or footer; a sidebar at 768 px and
// wider, a top bar with a menu sheet below. A signed-in patient reaching a shared page
// (/video-sessions) keeps the site's frame, and so does a visitor signed out (or signed out by
// the idle limit, issue 21): the page's own guard then sends them to /login?next=…, as on
// patient pages, instead of a spinner that never ends.

export function ConsoleFrame() {
  const { user } = useAuth();
  if (!user || !isStaffRole(user.role)) return <SiteLayout />;
  return <StaffConsole user={user} />;
}

function StaffConsole({ user }: { user: CurrentUser }) {
  const mainRef = useMainFocusOnNavigation();
  const [previewRole, setPreviewRole] = useState<Role>(user.role);
  const previewing = previewRole !== user.role;
  const viewer: ConsoleViewer = previewing ? previewViewer(previewRole) : viewerOf(user);

  useStaffLiveUpdates();
  const counts = useConsoleCounts();
  const mayAdmit = may(user, 'admitOrReject');
  const alertsSetting = useProviderAlertsSetting();
  const alerts = mayAdmit ? alertsSetting : null;
  useWaitingAlerts(counts?.waiting, mayAdmit && alertsSetting.on);
  useWaitingTitle(counts?.waiting);

  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const sidebar = (onNavigate?: () => void) => (
    <ConsoleSidebar
      user={user}
      viewer={viewer}
      counts={counts}
      alerts={alerts}
      onPreviewRole={setPreviewRole}
      onNavigate={onNavigate}
    />
  );

  return (
    <div className="flex min-h-dvh flex-col md:flex-row">
      <SkipLink />
      <StaffIdleGuard />
      <aside className="sticky top-0 hidden h-dvh w-72 shrink-0 flex-col border-r border-border bg-muted/40 px-2 py-4 md:flex">
        {sidebar()}
      </aside>

      <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b border-border bg-background/95 px-2 backdrop-blur md:hidden">
        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <Menu aria-hidden="true" className="size-6!" />
        </Button>
        <Logo to={homePathFor(user.role)} />
      </header>
      <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
        <SheetContent
          className="right-auto left-0 w-72 border-r border-l-0 px-2 py-4"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            menuButton.current?.focus();
          }}
        >
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription className="sr-only">The staff console&apos;s areas</SheetDescription>
          {sidebar(() => setMenuOpen(false))}
        </SheetContent>
      </Sheet>

      <main
        id="main-content"
        ref={mainRef}
        tabIndex={-1}
        className="flex min-w-0 flex-1 flex-col outline-none"
      >
        {previewing && (
          <p
            role="status"
            className="mx-4 mt-4 flex items-start gap-2 rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950"
          >
            <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Previewing the {ROLE_LABELS[previewRole]} console: the sidebar shows that role&apos;s
            areas. This is a preview only: your own access does not change.
          </p>
        )}
        {/* A new staff member confirms the address from the console, whichever area opens. */}
        <VerifyEmailNotice className="mx-4 mt-4" />
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
