import { Plus, Trash2 } from 'lucide-react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import type { FormFeedback } from '@/components/form/use-form-feedback';
import { Button } from '@/components/ui/button';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useT, useTr } from '@/lib/i18n/use-t';
import type { MessageKey } from '../../../../shared/i18n/message-key';
import { type IcdCode, QUALIFYING_CONDITIONS } from '../../../../shared/icd-codes';
import { conditionIds } from './application-fields';
import type { IntakeInput, IntakeOutput } from './intake-schema';

interface ConditionsSectionProps {
  form: UseFormReturn<IntakeInput, unknown, IntakeOutput>;
  /** The form's id, label and error of each field (useFormFeedback). */
  field: FormFeedback<IntakeInput, IntakeOutput>['field'];
  disabled: boolean;
}

/** Each qualifying condition's name in the reader's language. */
const CONDITION_KEYS: Record<IcdCode, MessageKey> = {
  'G89.29': 'intake.icd.G89_29',
  'F43.10': 'intake.icd.F43_10',
  'G40.9': 'intake.icd.G40_9',
  'C80.1': 'intake.icd.C80_1',
  G35: 'intake.icd.G35',
  'M05.9': 'intake.icd.M05_9',
  'K50.9': 'intake.icd.K50_9',
  G20: 'intake.icd.G20',
  'H40.9': 'intake.icd.H40_9',
  'F32.9': 'intake.icd.F32_9',
  'F41.9': 'intake.icd.F41_9',
  'R11.0': 'intake.icd.R11_0',
  'M62.838': 'intake.icd.M62_838',
};

/** Repeatable condition rows; a row can go only while more than one remains (§5). */
export function ConditionsSection({ form, field: fieldOf, disabled }: ConditionsSectionProps) {
  const t = useT();
  const tr = useTr();
  const { control, register, setValue, getValues } = form;
  const { errors } = form.formState;
  const { fields, append, remove } = useFieldArray({ control, name: 'medicalConditions' });
  const listError = errors.medicalConditions?.root?.message ?? errors.medicalConditions?.message;

  return (
    <div className="grid gap-4">
      {fields.map((field, index) => {
        const { code: codeId, description: descId } = conditionIds(index);
        const descError = fieldOf(`medicalConditions.${index}.description`).error;
        const codeError = fieldOf(`medicalConditions.${index}.icdCode`).error;
        const code = register(`medicalConditions.${index}.icdCode`);
        return (
          <fieldset
            key={field.id}
            className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_auto] sm:items-start"
          >
            <legend className="px-1 text-sm font-medium">
              {t('intake.conditions.row', { number: index + 1 })}
            </legend>
            <Field id={codeId} label={t('intake.conditions.code')} error={codeError}>
              <Select
                id={codeId}
                disabled={disabled}
                aria-invalid={codeError ? true : undefined}
                aria-describedby={fieldDescribedBy(codeId, codeError)}
                {...code}
                onChange={(e) => {
                  void code.onChange(e);
                  // Choosing a code fills an empty description with its name.
                  const chosen = QUALIFYING_CONDITIONS.find((c) => c.icdCode === e.target.value);
                  if (chosen && !getValues(`medicalConditions.${index}.description`)?.trim())
                    setValue(
                      `medicalConditions.${index}.description`,
                      t(CONDITION_KEYS[chosen.icdCode]),
                      {
                        shouldValidate: true,
                      },
                    );
                }}
              >
                <option value="">{t('intake.conditions.noCode')}</option>
                {QUALIFYING_CONDITIONS.map((c) => (
                  <option key={c.icdCode} value={c.icdCode}>
                    {c.icdCode} — {t(CONDITION_KEYS[c.icdCode])}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id={descId} label={t('intake.conditions.descriptionLabel')} error={descError}>
              <Input
                id={descId}
                disabled={disabled}
                maxLength={300}
                aria-invalid={descError ? true : undefined}
                aria-describedby={fieldDescribedBy(descId, descError)}
                {...register(`medicalConditions.${index}.description`)}
              />
            </Field>
            {fields.length > 1 && (
              <Button
                variant="ghost"
                size="icon"
                className="justify-self-end text-destructive sm:mt-5 sm:justify-self-auto"
                disabled={disabled}
                onClick={() => remove(index)}
                aria-label={t('intake.conditions.remove', { number: index + 1 })}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            )}
          </fieldset>
        );
      })}
      {listError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {tr(listError)}
        </p>
      )}
      <Button
        variant="outline"
        className="w-fit"
        disabled={disabled}
        onClick={() => append({ icdCode: '', description: '' })}
      >
        <Plus aria-hidden="true" />
        {t('intake.conditions.add')}
      </Button>
    </div>
  );
}
