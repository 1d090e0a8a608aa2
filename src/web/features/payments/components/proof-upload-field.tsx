import { FileCheck2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { PatientDocument } from '@/features/documents/api/documents';
import { acceptAttribute, isAcceptedType } from '@/features/documents/file-checks';
import { CATEGORY_DEFINITIONS, formatKb } from '../../../../shared/documents';
import { REDUCED_FEE_PROOF, type ReducedFeeReason } from '../../../../shared/fees';

const PROOF = CATEGORY_DEFINITIONS.reduced_fee_proof;

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
  label = 'Proof of Eligibility',
  id: givenId,
}: ProofUploadFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hint = reason
    ? `Required: ${REDUCED_FEE_PROOF[reason]}. PDF, JPEG or PNG, up to 5MB.`
    : 'PDF, JPEG or PNG, up to 5MB.';

  // A refused file is said beside the input, where the patient chose it.
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const shownError = fileProblem ?? error;

  const choose = (input: HTMLInputElement) => {
    const chosen = input.files?.[0] ?? null;
    setFileProblem(null);
    if (!chosen) return onFileChange(null);
    const problem = !isAcceptedType(chosen, PROOF.acceptedTypes)
      ? 'Invalid file type. Please upload a PDF, JPEG, or PNG file.'
      : chosen.size > PROOF.maxSize
        ? 'File too large. Please upload a file smaller than 5MB.'
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
            On file: {onFile.name} ({formatKb(onFile.size)}). Choose another file to replace it.
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
