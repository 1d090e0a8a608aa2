import { Eye, LogOut } from 'lucide-react';
import { useState } from 'react';
import { userPermissions } from '@/app/guards/access';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { UserManagement } from '@/features/admin-users/components/user-management';
import { useAuth } from '@/features/auth/api/session';
import { useLogout } from '@/features/auth/api/use-logout';
import { FollowUpTab, hasFollowUpTab } from '@/features/follow-up/components/follow-up-tabs';
import { BRAND_NAME } from '@/lib/brand';
import {
  isAdminRole,
  isMasterRole,
  PERMISSION_LABELS,
  type Permission,
  ROLE_DEFAULT_PERMISSIONS,
  ROLE_LABELS,
  type Role,
} from '../../../../shared/roles';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import { useStaffLiveUpdates } from '../../realtime/use-staff-live-updates';
import { ComingTab } from './coming-tab';
import { DASHBOARD_TABS } from './dashboard-tabs';
import { RolePreviewSelect } from './role-preview-select';
import { hasStaffTab, StaffTab } from './staff-tabs';

export function AdminDashboardPage() {
  const { user } = useAuth();
  if (!user) return <FullPageSpinner />;
  return <AdminDashboard user={user} />;
}

function visibleTabs(user: CurrentUser, viewRole: Role): Permission[] {
  const previewing = viewRole !== user.role && isMasterRole(user.role) && isAdminRole(viewRole);
  const held: readonly Permission[] = previewing
    ? ROLE_DEFAULT_PERMISSIONS[viewRole]
    : userPermissions(user);
  return DASHBOARD_TABS.filter((tab) => held.includes(tab));
}

function AdminDashboard({ user }: { user: CurrentUser }) {
  const { logout, pending } = useLogout();
  useStaffLiveUpdates();
  const [viewRole, setViewRole] = useState<Role>(user.role);
  const [tab, setTab] = useState<Permission>('meetings');
  const tabs = visibleTabs(user, viewRole);
  const activeTab = tabs.includes(tab) ? tab : tabs[0];
  const previewing = viewRole !== user.role;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <title>{`Admin Dashboard | ${BRAND_NAME}`}</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold text-primary sm:text-3xl">Admin Dashboard</h1>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="break-all">{user.email}</span>
            <Badge variant="outline">{ROLE_LABELS[user.role]}</Badge>
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <RolePreviewSelect ownRole={user.role} value={viewRole} onChange={setViewRole} />
          <Button variant="outline" onClick={logout} disabled={pending}>
            <LogOut aria-hidden="true" />
            Sign Out
          </Button>
        </div>
      </div>

      {previewing && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950"
        >
          <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Previewing the {ROLE_LABELS[viewRole]} tab set. This is a preview only: your own access
          does not change.
        </p>
      )}

      {activeTab === undefined ? (
        <p className="rounded-md border border-border p-4 text-sm">
          Your account has no dashboard permissions yet. Ask a master admin to grant access.
        </p>
      ) : (
        <Tabs value={activeTab} onValueChange={(value) => setTab(value as Permission)}>
          <TabsList aria-label="Dashboard sections">
            {tabs.map((permission) => (
              <TabsTrigger key={permission} value={permission}>
                {PERMISSION_LABELS[permission]}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map((permission) => (
            <TabsContent key={permission} value={permission}>
              {permission === 'users' ? (
                <UserManagement actor={user} />
              ) : hasFollowUpTab(permission) ? (
                <FollowUpTab permission={permission} />
              ) : hasStaffTab(permission) ? (
                <StaffTab
                  permission={permission}
                  onOpenAnalytics={
                    tabs.includes('analytics') ? () => setTab('analytics') : undefined
                  }
                />
              ) : (
                <ComingTab permission={permission} />
              )}
            </TabsContent>
          ))}
        </Tabs>
      )}
    </div>
  );
}
