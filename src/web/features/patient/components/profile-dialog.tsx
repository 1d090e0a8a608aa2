import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormServerError } from '@/components/form/form-submit';
import { type FieldSpecs, useFormFeedback } from '@/components/form/use-form-feedback';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { todayIso } from '../../../../shared/dates';
import type { MessageKey } from '../../../../shared/i18n/message-key';
import { type PatientProfile, ProfileUpdateSchema } from '../../../../shared/schemas/auth';
import { US_STATES } from '../../../../shared/us-states';
import { useUpdateProfile } from '../api/profile';

type ProfileInput = z.input<typeof ProfileUpdateSchema>;
type ProfileOutput = z.output<typeof ProfileUpdateSchema>;
type FieldName = keyof ProfileInput;

export type ProfileSection = 'profile' | 'address';

const SECTION_FIELDS: Record<ProfileSection, FieldName[]> = {
  profile: ['firstName', 'middleName', 'lastName', 'dateOfBirth', 'phone'],
  address: ['address', 'apartment', 'city', 'state', 'zipCode'],
};
const ALL_FIELDS = [...SECTION_FIELDS.profile, ...SECTION_FIELDS.address];

const LABELS: Record<FieldName, MessageKey> = {
  firstName: 'dashboard.profileDialog.firstName',
  middleName: 'dashboard.profileDialog.middleName',
  lastName: 'dashboard.profileDialog.lastName',
  dateOfBirth: 'dashboard.profileDialog.dateOfBirth',
  phone: 'dashboard.profileDialog.phone',
  address: 'dashboard.profileDialog.address',
  apartment: 'dashboard.profileDialog.apartment',
  city: 'dashboard.profileDialog.city',
  state: 'dashboard.profileDialog.state',
  zipCode: 'dashboard.profileDialog.zipCode',
};
const fieldsIn = (t: ReturnType<typeof useT>): FieldSpecs<ProfileInput> =>
  Object.fromEntries(
    ALL_FIELDS.map((name) => [name, { label: t(LABELS[name]), id: `profile-${name}` }]),
  );

const TITLES: Record<ProfileSection, { title: MessageKey; description: MessageKey }> = {
  profile: {
    title: 'dashboard.profile.edit',
    description: 'dashboard.profileDialog.editDescription',
  },
  address: {
    title: 'dashboard.profile.updateAddress',
    description: 'dashboard.profileDialog.addressDescription',
  },
};

function valuesFrom(p: PatientProfile): ProfileInput {
  return {
    firstName: p.firstName,
    middleName: p.middleName ?? '',
    lastName: p.lastName,
    dateOfBirth: p.dateOfBirth ?? '',
    phone: p.phone ?? '',
    address: p.address ?? '',
    apartment: p.apartment ?? '',
    city: p.city ?? '',
    state: (p.state ?? 'OK') as ProfileInput['state'],
    zipCode: p.zipCode ?? '',
  };
}

interface ProfileDialogProps {
  section: ProfileSection | null;
  profile: PatientProfile;
  onClose: () => void;
}

/**
 * Edit Profile and Update Address (made real by ruling 9). Both send the whole profile; a
 * required field missing from the other section (an account made on /auth has no birth date
 * or address) is asked for here too, so the save can succeed.
 */
export function ProfileDialog({ section, profile, onClose }: ProfileDialogProps) {
  return (
    <Dialog open={section !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        {section && (
          <ProfileForm key={section} section={section} profile={profile} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ProfileForm({
  section,
  profile,
  onClose,
}: {
  section: ProfileSection;
  profile: PatientProfile;
  onClose: () => void;
}) {
  const t = useT();
  const update = useUpdateProfile();
  const defaults = useMemo(() => valuesFrom(profile), [profile]);
  const shown = useMemo(() => {
    const failing = new Set(
      (ProfileUpdateSchema.safeParse(defaults).error?.issues ?? []).map((i) => String(i.path[0])),
    );
    return new Set(ALL_FIELDS.filter((f) => SECTION_FIELDS[section].includes(f) || failing.has(f)));
  }, [defaults, section]);
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(ProfileUpdateSchema),
    defaultValues: defaults,
  });
  const { register } = form;
  const fields = useMemo(() => fieldsIn(t), [t]);
  const feedback = useFormFeedback(form, fields);

  const onSubmit = feedback.handleSubmit((values) =>
    update.mutateAsync(values).then(
      () => {
        toast({
          title: t('dashboard.profileDialog.savedTitle'),
          description: t('dashboard.profileDialog.savedBody'),
        });
        onClose();
      },
      (error: unknown) => feedback.showServerError(error, t('dashboard.profileDialog.notSaved')),
    ),
  );

  const text = (name: FieldName, props: Record<string, unknown> = {}) =>
    shown.has(name) && (
      <TextField
        {...feedback.field(name)}
        disabled={update.isPending}
        {...props}
        {...register(name)}
      />
    );
  const stateError = feedback.field('state').error;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t(TITLES[section].title)}</DialogTitle>
        <DialogDescription>{t(TITLES[section].description)}</DialogDescription>
      </DialogHeader>
      <FormErrorSummary feedback={feedback} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {text('firstName', { autoComplete: 'given-name' })}
        {text('middleName', { autoComplete: 'additional-name' })}
        {text('lastName', { autoComplete: 'family-name' })}
        {text('dateOfBirth', {
          type: 'date',
          max: todayIso(),
          autoComplete: 'bday',
        })}
        {text('phone', { type: 'tel', autoComplete: 'tel' })}
        {text('address', {
          autoComplete: 'address-line1',
          fieldClassName: 'sm:col-span-2',
        })}
        {text('apartment', {
          autoComplete: 'address-line2',
          fieldClassName: 'sm:col-span-2',
        })}
        {text('city', { autoComplete: 'address-level2' })}
        {shown.has('state') && (
          <Field {...feedback.field('state')}>
            <Select
              id="profile-state"
              autoComplete="address-level1"
              disabled={update.isPending}
              aria-invalid={stateError ? true : undefined}
              aria-describedby={fieldDescribedBy('profile-state', stateError)}
              {...register('state')}
            >
              {US_STATES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </Select>
          </Field>
        )}
        {text('zipCode', {
          inputMode: 'numeric',
          autoComplete: 'postal-code',
          maxLength: 5,
        })}
      </div>
      <FormServerError message={feedback.formError} />
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={update.isPending}>
          {t('dashboard.profileDialog.cancel')}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending
            ? t('dashboard.profileDialog.saving')
            : t('dashboard.profileDialog.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
