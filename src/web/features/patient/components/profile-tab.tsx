import { useLingui } from '@lingui/react';
import { MapPin, UserPen } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ChangePasswordCard } from '@/features/account/components/change-password-form';
import { useT } from '@/lib/i18n/use-t';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import { ProfileDialog, type ProfileSection } from './profile-dialog';

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  const t = useT();
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium wrap-anywhere">{value || t('dashboard.profile.notProvided')}</dd>
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
  const t = useT();
  const { i18n } = useLingui();
  /** A calendar date (YYYY-MM-DD) shown without shifting across time zones. */
  const formatIsoDate = (iso: string | null): string | null => {
    if (!iso) return null;
    const [y, m, d] = iso.split('-').map(Number);
    if (!y || !m || !d) return iso;
    return i18n.date(new Date(Date.UTC(y, m - 1, d)), {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
  };
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
          <h2 className="text-lg font-semibold">{t('dashboard.profile.personal')}</h2>
          {patient && (
            <Button variant="outline" size="sm" onClick={() => onEdit('profile')}>
              <UserPen aria-hidden="true" />
              {t('dashboard.profile.edit')}
            </Button>
          )}
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4">
            <Detail label={t('dashboard.profile.fullName')} value={fullName} />
            <Detail label={t('dashboard.profile.email')} value={user.email} />
            <Detail
              label={t('dashboard.profile.dateOfBirth')}
              value={formatIsoDate(patient?.dateOfBirth ?? null)}
            />
            <Detail label={t('dashboard.profile.phone')} value={patient?.phone} />
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">{t('dashboard.profile.address')}</h2>
          {patient && (
            <Button variant="outline" size="sm" onClick={() => onEdit('address')}>
              <MapPin aria-hidden="true" />
              {t('dashboard.profile.updateAddress')}
            </Button>
          )}
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4">
            <Detail label={t('dashboard.profile.street')} value={street} />
            <Detail label={t('dashboard.profile.city')} value={patient?.city} />
            <Detail label={t('dashboard.profile.state')} value={patient?.state} />
            <Detail label={t('dashboard.profile.zip')} value={patient?.zipCode} />
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
