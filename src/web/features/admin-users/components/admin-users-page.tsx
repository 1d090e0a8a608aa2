import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/session';
import { BRAND_NAME } from '@/lib/brand';
import { UserManagement } from './user-management';

export function AdminUsersPage() {
  const { user } = useAuth();
  if (!user) return <FullPageSpinner />;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <title>{`User Management | ${BRAND_NAME}`}</title>
      <UserManagement actor={user} headingLevel="h1" />
    </div>
  );
}
