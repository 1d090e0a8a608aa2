import { FileCheck2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { PatientDocument } from '@/features/documents/api/documents';
import { acceptAttribute, isAcceptedType } from '@/features/documents/file-checks';
import { useT, useTr } from '@/lib/i18n/use-t';
import { CATEGORY_DEFINITIONS, formatKb } from '../../../../shared/documents';
import type { ReducedFeeReason } from '../../../../shared/fees';
import type { MessageKey } from '../../../../shared/i18n/message-key';

const PROOF = CATEGORY_DEFINITIONS.reduced_fee_proof;

/** What each reason's proof is (shared/fees.ts REDUCED_FEE_PROOF), by key. */
const PROOF_NEEDED: Record<ReducedFeeReason, MessageKey> = {
  medicare: 'payment.proof.needed.medicare',
  medicaid: 'payment.proof.needed.medicaid',
  disabled_veteran: 'payment.proof.needed.disabled_veteran',
};

interface ProofUploadFieldProps {
  reason: ReducedFeeReason | '';
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** A proof already uploaded for the open application. */
  onFile: PatientDocument | null;
  error?: string;
  label?: string;
  id?: string;
}

/**
 * The reduced-fee proof (ruling 15): PDF, JPEG or PNG up to 5 MB, checked here with the
 * spec's messages (§5) and uploaded before the payment.
 */
export function ProofUploadField({
  reason,
  file,
  onFileChange,
  onFile,
  error,
  label: givenLabel,
  id: givenId,
}: ProofUploadFieldProps) {
  const t = useT();
  const tr = useTr();
  const label = givenLabel ?? t('payment.field.proof');
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hint = reason
    ? t('payment.proof.hintRequired', { proof: t(PROOF_NEEDED[reason]) })
    : t('payment.proof.hint');

  // A refused file is said beside the input, where the patient chose it.
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const shownError = fileProblem ?? (error && tr(error));

  const choose = (input: HTMLInputElement) => {
    const chosen = input.files?.[0] ?? null;
    setFileProblem(null);
    if (!chosen) return onFileChange(null);
    const problem = !isAcceptedType(chosen, PROOF.acceptedTypes)
      ? t('payment.proof.invalidType')
      : chosen.size > PROOF.maxSize
        ? t('payment.proof.tooLarge')
        : null;
    if (problem) {
      setFileProblem(problem);
      input.value = '';
      return onFileChange(null);
    }
    onFileChange(chosen);
  };

  return (
    <Field id={id} label={label} hint={hint} error={shownError}>
      {onFile && !file && (
        <p className="flex items-start gap-2 rounded-md border border-green-300 bg-green-50 p-2 text-sm text-green-900">
          <FileCheck2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-words">
            {t('payment.proof.onFile', { name: onFile.name, size: formatKb(onFile.size) })}
          </span>
        </p>
      )}
      <Input
        id={id}
        type="file"
        accept={acceptAttribute(PROOF.acceptedTypes)}
        onChange={(e) => choose(e.currentTarget)}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={fieldDescribedBy(id, shownError, hint)}
        className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium"
      />
    </Field>
  );
}
