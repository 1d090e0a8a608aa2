import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
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
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/form-errors';
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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(ProfileUpdateSchema),
    defaultValues: defaults,
  });

  const onSubmit = handleSubmit((values) =>
    update.mutateAsync(values).then(
      () => {
        toast({ title: 'Profile Updated', description: 'Your changes have been saved.' });
        onClose();
      },
      (error: unknown) => {
        applyServerIssues(error, setError, ALL_FIELDS);
        toast({
          title: 'Update Failed',
          description: errorMessage(error, 'Your changes could not be saved. Please try again.'),
          variant: 'destructive',
        });
      },
    ),
  );

  const text = (name: FieldName, label: string, props: Record<string, unknown> = {}) =>
    shown.has(name) && (
      <TextField
        id={`profile-${name}`}
        label={label}
        error={errors[name]?.message}
        disabled={update.isPending}
        {...props}
        {...register(name)}
      />
    );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{TITLES[section].title}</DialogTitle>
        <DialogDescription>{TITLES[section].description}</DialogDescription>
      </DialogHeader>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {text('firstName', 'First name', { autoComplete: 'given-name' })}
        {text('middleName', 'Middle name (optional)', { autoComplete: 'additional-name' })}
        {text('lastName', 'Last name', { autoComplete: 'family-name' })}
        {text('dateOfBirth', 'Date of birth', {
          type: 'date',
          max: todayIso(),
          autoComplete: 'bday',
        })}
        {text('phone', 'Phone (optional)', { type: 'tel', autoComplete: 'tel' })}
        {text('address', 'Street address', {
          autoComplete: 'address-line1',
          fieldClassName: 'sm:col-span-2',
        })}
        {text('apartment', 'Apartment, suite, etc. (optional)', {
          autoComplete: 'address-line2',
          fieldClassName: 'sm:col-span-2',
        })}
        {text('city', 'City', { autoComplete: 'address-level2' })}
        {shown.has('state') && (
          <Field id="profile-state" label="State" error={errors.state?.message}>
            <Select
              id="profile-state"
              autoComplete="address-level1"
              disabled={update.isPending}
              aria-invalid={errors.state ? true : undefined}
              aria-describedby={fieldDescribedBy('profile-state', errors.state?.message)}
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
        {text('zipCode', 'ZIP code', {
          inputMode: 'numeric',
          autoComplete: 'postal-code',
          maxLength: 5,
        })}
      </div>
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
