import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/session';
import { AreaTitle } from '@/features/staff-console/area-title';
import { UserManagement } from './user-management';

export function AdminUsersPage() {
  const { user } = useAuth();
  if (!user) return <FullPageSpinner />;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <AreaTitle area="users" />
      <UserManagement actor={user} headingLevel="h1" />
    </div>
  );
}
