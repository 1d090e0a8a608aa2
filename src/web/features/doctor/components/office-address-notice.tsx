import { AlertTriangle } from 'lucide-react';
import { useAuth } from '@/features/auth/api/session';
import { hasOfficeAddress, OFFICE_ADDRESS_MISSING } from '../../../../shared/omma';

/**
 * The doctor's console warning while their office address is missing (issue 22): it is printed
 * on the recommendation as OMMA reads it, but its absence does not stop an approval.
 */
export function OfficeAddressNotice() {
  const { user } = useAuth();
  if (user?.role !== 'doctor' || hasOfficeAddress(user)) return null;
  return (
    <div
      role="status"
      data-testid="office-address-notice"
      className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-1">
        <p className="font-semibold">{OFFICE_ADDRESS_MISSING.title}</p>
        <p>{OFFICE_ADDRESS_MISSING.body}</p>
      </div>
    </div>
  );
}
