import { useAuth } from '@/features/auth/api/session';
import { BRAND_NAME } from '@/lib/brand';
import { ROLE_LABELS } from '../../../../shared/roles';
import { ChangePasswordCard } from './change-password-form';

/** /admin/account: a staff member's own account, opened from the console sidebar. */
export function StaffAccountPage() {
  const { user } = useAuth();
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6 px-4 py-8">
      <title>{`My Account | ${BRAND_NAME}`}</title>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-primary sm:text-3xl">My Account</h1>
        {user && (
          <p className="text-sm break-words text-muted-foreground">
            {user.email} · {ROLE_LABELS[user.role]}
          </p>
        )}
      </div>
      <ChangePasswordCard />
    </div>
  );
}
