import { Controller, type UseFormReturn } from 'react-hook-form';
import type { FormFeedback } from '@/components/form/use-form-feedback';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { PatientDocument } from '@/features/documents/api/documents';
import { ProofUploadField } from '@/features/payments/components/proof-upload-field';
import { useT } from '@/lib/i18n/use-t';
import { REDUCED_FEE_REASONS, type ReducedFeeReason } from '../../../../shared/fees';
import type { MessageKey } from '../../../../shared/i18n/message-key';
import { PROOF_FIELD_ID } from './application-fields';
import type { IntakeInput, IntakeOutput } from './intake-schema';

const REASON_KEYS: Record<ReducedFeeReason, MessageKey> = {
  medicare: 'intake.fee.reason.medicare',
  medicaid: 'intake.fee.reason.medicaid',
  disabled_veteran: 'intake.fee.reason.disabled_veteran',
};

interface FeeReductionSectionProps {
  form: UseFormReturn<IntakeInput, unknown, IntakeOutput>;
  field: FormFeedback<IntakeInput, IntakeOutput>['field'];
  /** Paid or submitting: the fee can no longer change. */
  locked: boolean;
  paid: boolean;
  proofFile: File | null;
  onProofFileChange: (file: File | null) => void;
  proofOnFile: PatientDocument | null;
  proofError?: string;
}

/** The reduced-fee box, its reason and its proof (ruling 15), with their errors beside them. */
export function FeeReductionSection({
  form,
  field,
  locked,
  paid,
  proofFile,
  onProofFileChange,
  proofOnFile,
  proofError,
}: FeeReductionSectionProps) {
  const t = useT();
  const hasReducedFee = form.watch('hasReducedFee') ?? false;
  const reason = (form.watch('reducedFeeReason') ?? '') as ReducedFeeReason | '';
  const reasonField = field('reducedFeeReason');
  return (
    <>
      <Controller
        control={form.control}
        name="hasReducedFee"
        render={({ field: box }) => (
          <div className="flex items-start gap-3">
            <Checkbox
              id="intake-reduced-fee"
              checked={box.value ?? false}
              disabled={locked}
              onCheckedChange={(v) => box.onChange(v === true)}
              onBlur={box.onBlur}
            />
            <Label htmlFor="intake-reduced-fee" className="leading-5">
              {t('intake.fee.checkbox')}
            </Label>
          </div>
        )}
      />
      {hasReducedFee && (
        <Field id={reasonField.id} label={reasonField.label} error={reasonField.error}>
          <Select
            id={reasonField.id}
            disabled={locked}
            aria-invalid={reasonField.error ? true : undefined}
            aria-describedby={fieldDescribedBy(reasonField.id, reasonField.error)}
            {...form.register('reducedFeeReason')}
          >
            <option value="">{t('intake.fee.selectReason')}</option>
            {REDUCED_FEE_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(REASON_KEYS[r])}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {hasReducedFee && reason && !paid && (
        <ProofUploadField
          id={PROOF_FIELD_ID}
          label={t('intake.fee.proofLabel')}
          reason={reason}
          file={proofFile}
          onFileChange={onProofFileChange}
          onFile={proofOnFile}
          error={proofError}
        />
      )}
    </>
  );
}
