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
import { todayIso } from '../../../../shared/dates';
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

const LABELS: Record<FieldName, string> = {
  firstName: 'First name',
  middleName: 'Middle name (optional)',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  phone: 'Phone (optional)',
  address: 'Street address',
  apartment: 'Apartment, suite, etc. (optional)',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
};
const FIELDS: FieldSpecs<ProfileInput> = Object.fromEntries(
  ALL_FIELDS.map((name) => [name, { label: LABELS[name], id: `profile-${name}` }]),
);

const TITLES: Record<ProfileSection, { title: string; description: string }> = {
  profile: { title: 'Edit Profile', description: 'Your name, date of birth and phone.' },
  address: {
    title: 'Update Address',
    description: 'Your home address. Oklahoma residency is required for an Oklahoma license.',
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
  const feedback = useFormFeedback(form, FIELDS);

  const onSubmit = feedback.handleSubmit((values) =>
    update.mutateAsync(values).then(
      () => {
        toast({ title: 'Profile Updated', description: 'Your changes have been saved.' });
        onClose();
      },
      (error: unknown) =>
        feedback.showServerError(error, 'Your changes could not be saved. Please try again.'),
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
        <DialogTitle>{TITLES[section].title}</DialogTitle>
        <DialogDescription>{TITLES[section].description}</DialogDescription>
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
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
