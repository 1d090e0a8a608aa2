import { Controller, useFormContext } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { LANGUAGES, type Language } from '../../../../shared/i18n/languages';
import { LICENSING_BOARDS } from '../../../../shared/omma';
import type { Permission, Role } from '../../../../shared/roles';
import { isPhysicianRole, ROLE_LABELS } from '../../../../shared/roles';
import { assignableRoles, defaultPermissionsFor } from './access-rules';
import { PermissionCheckboxes } from './permission-checkboxes';

/** The fields both user dialogs share: role, a doctor's credentials, and the permission boxes. */
interface RoleAccessValues {
  role?: Role;
  permissions?: Permission[];
  licenseNumber?: string;
  npi?: string;
  ommaRegistrationNumber?: string;
  ommaRegistrationExpiresOn?: string;
  officeAddress?: string;
  licensingBoard?: string;
  /** Physicians only (issue 24): the languages they consult in; none sent for other roles. */
  languages?: Language[];
}

/** Staff screens stay in English (issue 24): the languages as the clinic's staff read them. */
const CONSULT_LANGUAGE_LABELS: Record<Language, string> = { en: 'English', es: 'Spanish' };

/** These fields' ids and labels, for the dialog's error summary (in screen order). */
export function roleAccessFieldSpecs(idPrefix: string) {
  return {
    role: { label: 'Role', id: `${idPrefix}-role` },
    licenseNumber: { label: 'Oklahoma license number', id: `${idPrefix}-license` },
    npi: { label: 'NPI', id: `${idPrefix}-npi` },
    ommaRegistrationNumber: { label: 'OMMA registration number', id: `${idPrefix}-omma-number` },
    ommaRegistrationExpiresOn: {
      label: 'OMMA registration expires on',
      id: `${idPrefix}-omma-expires`,
    },
    licensingBoard: { label: 'Licensing board', id: `${idPrefix}-licensing-board` },
    officeAddress: { label: 'Office address', id: `${idPrefix}-office-address` },
    languages: { label: 'Consults in', id: `${idPrefix}-consults-en` },
  } as const;
}

export function RoleAccessFields(props: {
  idPrefix: string;
  actorRole: Role;
  role: Role;
  editable: boolean;
}) {
  const { idPrefix, actorRole, role, editable } = props;
  const {
    register,
    control,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<RoleAccessValues>();
  const roleId = `${idPrefix}-role`;
  return (
    <>
      <Field id={roleId} label="Role" error={errors.role?.message}>
        <Select
          id={roleId}
          aria-invalid={errors.role ? true : undefined}
          aria-describedby={fieldDescribedBy(roleId, errors.role?.message)}
          {...register('role', {
            // A new role starts from its own default boxes (ruling 2).
            onChange: (event) => {
              const next = event.target.value as Role;
              setValue('permissions', defaultPermissionsFor(next));
              // Only physicians consult in languages: a physician keeps the choice (English
              // unless changed), any other role sends none.
              setValue(
                'languages',
                isPhysicianRole(next) ? (getValues('languages') ?? ['en']) : undefined,
              );
            },
          })}
        >
          {assignableRoles(actorRole).map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </Select>
      </Field>
      {role === 'doctor' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={`${idPrefix}-license`}
            label="Oklahoma license number"
            error={errors.licenseNumber?.message}
            {...register('licenseNumber')}
          />
          <TextField
            id={`${idPrefix}-npi`}
            label="NPI"
            inputMode="numeric"
            maxLength={10}
            error={errors.npi?.message}
            {...register('npi')}
          />
          {/* SB 1066: without a current registration the doctor cannot approve (issue 12). */}
          <TextField
            id={`${idPrefix}-omma-number`}
            label="OMMA registration number"
            autoComplete="off"
            hint="Needed before the doctor can approve recommendations."
            error={errors.ommaRegistrationNumber?.message}
            {...register('ommaRegistrationNumber')}
          />
          <TextField
            id={`${idPrefix}-omma-expires`}
            label="OMMA registration expires on"
            type="date"
            hint="The last day the registration is valid."
            error={errors.ommaRegistrationExpiresOn?.message}
            {...register('ommaRegistrationExpiresOn')}
          />
          {/* Printed on the recommendation as OMMA reads it (issue 22). */}
          <Field
            id={`${idPrefix}-licensing-board`}
            label="Licensing board"
            error={errors.licensingBoard?.message}
            className="sm:col-span-2"
          >
            <Select
              id={`${idPrefix}-licensing-board`}
              aria-invalid={errors.licensingBoard ? true : undefined}
              aria-describedby={fieldDescribedBy(
                `${idPrefix}-licensing-board`,
                errors.licensingBoard?.message,
              )}
              {...register('licensingBoard')}
            >
              <option value="">Not recorded</option>
              {LICENSING_BOARDS.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </Select>
          </Field>
          <TextField
            id={`${idPrefix}-office-address`}
            label="Office address"
            autoComplete="off"
            fieldClassName="sm:col-span-2"
            hint="Street, city, state and ZIP, as printed on the doctor's recommendations."
            error={errors.officeAddress?.message}
            {...register('officeAddress')}
          />
        </div>
      )}
      {isPhysicianRole(role) && (
        <Controller
          control={control}
          name="languages"
          render={({ field }) => (
            <ConsultLanguageCheckboxes
              idPrefix={idPrefix}
              value={field.value ?? ['en']}
              onChange={field.onChange}
              error={errors.languages?.message}
            />
          )}
        />
      )}
      <Controller
        control={control}
        name="permissions"
        render={({ field }) => (
          <PermissionCheckboxes
            idPrefix={idPrefix}
            role={role}
            value={field.value ?? []}
            onChange={field.onChange}
            editable={editable}
          />
        )}
      />
    </>
  );
}

/** "Consults in": English and/or Spanish, at least one (issue 24). */
function ConsultLanguageCheckboxes(props: {
  idPrefix: string;
  value: readonly Language[];
  onChange: (next: Language[]) => void;
  error?: string;
}) {
  const { idPrefix, value, onChange, error } = props;
  const errorId = `${idPrefix}-consults-error`;
  const toggle = (language: Language, on: boolean) =>
    onChange(LANGUAGES.filter((l) => (l === language ? on : value.includes(l))));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">Consults in</legend>
      <p className="text-xs text-muted-foreground">
        Spanish-speaking patients can be moved to a physician who consults in Spanish.
      </p>
      <div className="flex flex-wrap gap-4">
        {LANGUAGES.map((language) => {
          const id = `${idPrefix}-consults-${language}`;
          return (
            <div key={language} className="flex items-center gap-2">
              <Checkbox
                id={id}
                checked={value.includes(language)}
                aria-invalid={error ? true : undefined}
                onCheckedChange={(state) => toggle(language, state === true)}
              />
              <Label htmlFor={id} className="font-normal">
                {CONSULT_LANGUAGE_LABELS[language]}
              </Label>
            </div>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
