import { KeyRound, LogOut } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import {
  areasFor,
  CONSOLE_GROUPS,
  type ConsoleArea,
  type ConsoleViewer,
  STAFF_ACCOUNT_PATH,
} from '@/app/staff-nav';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/features/auth/api/use-logout';
import { cn } from '@/lib/utils';
import { homePathFor, ROLE_LABELS, type Role } from '../../../shared/roles';
import type { CurrentUser } from '../../../shared/schemas/auth';
import type { ConsoleCounts } from '../../../shared/schemas/console-counts';
import { AlertsToggle, type ProviderAlerts } from './provider-alerts';
import { RolePreviewSelect } from './role-preview-select';

// The console's sidebar (issue 12): the clinic's name, the areas the viewer may open grouped by
// what they are for, each with its live count, then the account: alerts, the master admin's
// role preview, who is signed in and the one Sign out.

export interface ConsoleSidebarProps {
  user: CurrentUser;
  viewer: ConsoleViewer;
  counts: ConsoleCounts | undefined;
  /** Absent for staff who may not admit patients: there is nothing to alert them to. */
  alerts: ProviderAlerts | null;
  onPreviewRole: (role: Role) => void;
  /** Called after a link is followed (the phone's sheet closes). */
  onNavigate?: () => void;
}

export function ConsoleSidebar(props: ConsoleSidebarProps) {
  const { user, viewer, counts, alerts, onNavigate } = props;
  const areas = areasFor(viewer);
  const { logout, pending } = useLogout();
  const list = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // On a short window the list scrolls: keep the current area in view (a deep link to Fee
  // Schedule would otherwise open with its own entry hidden below the fold).
  useEffect(() => {
    if (!pathname) return;
    list.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [pathname]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="px-2 pb-3">
        <Logo to={homePathFor(user.role)} />
      </div>
      <nav aria-label="Staff console" className="flex min-h-0 flex-1 flex-col">
        <div
          ref={list}
          className="grid min-h-0 flex-1 content-start gap-3 overflow-y-auto px-1 pb-3"
        >
          {CONSOLE_GROUPS.map((group) => {
            const inGroup = areas.filter((area) => area.group === group);
            if (inGroup.length === 0) return null;
            const headingId = `console-group-${group.toLowerCase()}`;
            return (
              <section key={group} aria-labelledby={headingId} className="grid gap-1">
                <h2
                  id={headingId}
                  className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
                >
                  {group}
                </h2>
                <ul className="grid gap-0.5">
                  {inGroup.map((area) => (
                    <li key={area.path}>
                      <AreaLink area={area} counts={counts} onNavigate={onNavigate} />
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      </nav>

      <div className="grid gap-3 border-t border-border px-2 pt-3">
        {alerts && <AlertsToggle alerts={alerts} />}
        <RolePreviewSelect ownRole={user.role} value={viewer.role} onChange={props.onPreviewRole} />
        <div className="grid gap-0.5 text-sm">
          <p className="font-medium break-words">
            {user.role === 'doctor' ? 'Dr. ' : ''}
            {user.firstName} {user.lastName}
          </p>
          <p className="text-xs text-muted-foreground">{ROLE_LABELS[user.role]}</p>
        </div>
        <AreaLink area={MY_ACCOUNT} counts={counts} onNavigate={onNavigate} />
        <Button variant="outline" onClick={logout} disabled={pending}>
          <LogOut aria-hidden="true" />
          Sign out
        </Button>
      </div>
    </div>
  );
}

/** The signed-in staff member's own account (change password), whatever their role. */
const MY_ACCOUNT: ConsoleArea = {
  label: 'My Account',
  path: STAFF_ACCOUNT_PATH,
  icon: KeyRound,
  group: 'Administration',
  allowed: () => true,
};

function AreaLink({
  area,
  counts,
  onNavigate,
}: {
  area: ConsoleArea;
  counts: ConsoleCounts | undefined;
  onNavigate?: () => void;
}) {
  const Icon = area.icon;
  const n = area.count ? counts?.[area.count.name] : null;
  return (
    <NavLink
      to={area.path}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'flex min-h-9 items-center gap-3 rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          isActive
            ? 'bg-primary text-primary-foreground'
            : 'text-foreground hover:bg-secondary hover:text-secondary-foreground',
        )
      }
    >
      {({ isActive }) => (
        <>
          <Icon aria-hidden="true" className="size-4 shrink-0" />
          <span className="min-w-0 flex-1 break-words">{area.label}</span>
          {n != null && n > 0 && area.count && (
            <>
              <span
                aria-hidden="true"
                data-count={area.count.name}
                className={cn(
                  'min-w-6 rounded-full px-1.5 text-center text-xs font-semibold tabular-nums',
                  isActive
                    ? 'bg-primary-foreground text-primary'
                    : 'bg-primary text-primary-foreground',
                )}
              >
                {n}
              </span>
              <span className="sr-only">, {area.count.spoken(n)}</span>
            </>
          )}
        </>
      )}
    </NavLink>
  );
}
