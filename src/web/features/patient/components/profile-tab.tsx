import { MapPin, UserPen } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ChangePasswordCard } from '@/features/account/components/change-password-form';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import { ProfileDialog, type ProfileSection } from './profile-dialog';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date (YYYY-MM-DD) shown without shifting across time zones. */
function formatIsoDate(iso: string | null): string | null {
  if (!iso) return null;
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  return dateFormat.format(new Date(Date.UTC(y, m - 1, d)));
}

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium wrap-anywhere">{value || 'Not provided'}</dd>
    </div>
  );
}

interface ProfileTabProps {
  user: CurrentUser;
  /** The open form, kept in the address (?edit=address) so other pages can link to it. */
  editing: ProfileSection | null;
  onEdit: (section: ProfileSection | null) => void;
}

export function ProfileTab({ user, editing, onEdit }: ProfileTabProps) {
  const patient = user.patient;
  const fullName = patient
    ? [patient.firstName, patient.middleName, patient.lastName].filter(Boolean).join(' ')
    : `${user.firstName} ${user.lastName}`;
  const street = patient?.address
    ? [patient.address, patient.apartment].filter(Boolean).join(', ')
    : null;

  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Personal information</h2>
          {patient && (
            <Button variant="outline" size="sm" onClick={() => onEdit('profile')}>
              <UserPen aria-hidden="true" />
              Edit Profile
            </Button>
          )}
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4">
            <Detail label="Full name" value={fullName} />
            <Detail label="Email" value={user.email} />
            <Detail label="Date of birth" value={formatIsoDate(patient?.dateOfBirth ?? null)} />
            <Detail label="Phone" value={patient?.phone} />
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Address</h2>
          {patient && (
            <Button variant="outline" size="sm" onClick={() => onEdit('address')}>
              <MapPin aria-hidden="true" />
              Update Address
            </Button>
          )}
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4">
            <Detail label="Street" value={street} />
            <Detail label="City" value={patient?.city} />
            <Detail label="State" value={patient?.state} />
            <Detail label="ZIP" value={patient?.zipCode} />
          </dl>
        </CardContent>
      </Card>
      <div className="md:col-span-2">
        <ChangePasswordCard />
      </div>
      {patient && (
        <ProfileDialog section={editing} profile={patient} onClose={() => onEdit(null)} />
      )}
    </div>
  );
}
