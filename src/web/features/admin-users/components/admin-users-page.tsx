import { FullPageSpinner } from '@/components/ui/spinner';
import { may } from '@/features/admin-dashboard/staff-access';
import { useAuth } from '@/features/auth/api/session';
import { AreaTitle } from '@/features/staff-console/area-title';
import { PatientAccounts } from './patient-accounts';
import { UserManagement } from './user-management';

/** User Management: the page's h1 like every console area, the staff accounts, then patients. */
export function AdminUsersPage() {
  const { user } = useAuth();
  if (!user) return <FullPageSpinner />;
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:py-8">
      <AreaTitle area="users" />
      <h1 className="text-2xl font-bold text-primary sm:text-3xl">User Management</h1>
      <UserManagement actor={user} />
      {may(user, 'patientAccounts') && <PatientAccounts />}
    </div>
  );
}
