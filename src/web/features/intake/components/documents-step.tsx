import { CheckCircle2, CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { PatientDocument } from '@/features/documents/api/documents';
import { CategoryCard } from '@/features/documents/components/category-card';
import {
  CATEGORY_DEFINITIONS,
  type CategoryDefinition,
  QUEUE_REQUIRED_DOCUMENTS,
} from '../../../../shared/documents';
import { MEDICAL_CONDITION_LABEL } from '../../../../shared/intake';

// The wizard's documents step (issue 11): the three the state requires before a physician
// sees the patient, and medical records as optional. Continue waits for the three.

const CATEGORIES: CategoryDefinition[] = [
  ...QUEUE_REQUIRED_DOCUMENTS.map((c) => CATEGORY_DEFINITIONS[c]),
  { ...CATEGORY_DEFINITIONS.medical_records, required: false },
];

interface DocumentsStepProps {
  documents: readonly PatientDocument[];
  /** The shared rule's labels of what the queue still needs. */
  missing: string[];
  onBack: () => void;
  onNext: () => void;
}

export function DocumentsStep({ documents, missing, onBack, onNext }: DocumentsStepProps) {
  const byCategory = new Map(documents.map((d) => [d.category, d]));
  // The condition belongs to the application step; this step asks only for files.
  const missingFiles = missing.filter((m) => m !== MEDICAL_CONDITION_LABEL);
  return (
    <div className="grid gap-6">
      <p className="text-muted-foreground">
        The state requires these before your video visit. A clear phone photo is fine; staff review
        each file, and you can continue while they do.
      </p>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {CATEGORIES.map((definition) => (
          <CategoryCard
            key={definition.id}
            definition={definition}
            document={byCategory.get(definition.id)}
            headingLevel="h3"
          />
        ))}
      </div>
      <div role="status" aria-live="polite">
        {missingFiles.length > 0 ? (
          <p className="flex items-start gap-2 rounded-md border border-border bg-muted p-3 text-sm">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>Still needed: {missingFiles.join(', ')}.</span>
          </p>
        ) : (
          <p className="flex items-start gap-2 text-sm text-green-800">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            All required documents are uploaded.
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onNext} disabled={missingFiles.length > 0}>
          Continue to Consent and Payment
        </Button>
      </div>
    </div>
  );
}
