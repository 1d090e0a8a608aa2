import { CheckCircle2, CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import type { FormErrorItem } from '@/components/form/use-form-feedback';
import { Button } from '@/components/ui/button';
import type { PatientDocument } from '@/features/documents/api/documents';
import { CategoryCard } from '@/features/documents/components/category-card';
import { CATEGORY_NAME_KEYS, joinLabels } from '@/features/documents/labels';
import { useT } from '@/lib/i18n/use-t';
import {
  CATEGORY_DEFINITIONS,
  type CategoryDefinition,
  QUEUE_REQUIRED_DOCUMENTS,
} from '../../../../shared/documents';
import { MEDICAL_CONDITION_LABEL } from '../../../../shared/intake';

// The wizard's documents step (issue 11): the three the state requires before a physician
// sees the patient, and medical records as optional. Continue without the three names each
// missing file in the summary and on its card, and moves focus to the first one's button.

const CATEGORIES: CategoryDefinition[] = [
  ...QUEUE_REQUIRED_DOCUMENTS.map((c) => CATEGORY_DEFINITIONS[c]),
  CATEGORY_DEFINITIONS.medical_records,
];

/** The upload button of a category's card: where the summary's link takes the patient. */
const uploadIdOf = (category: string) => `upload-${category}`;

interface DocumentsStepProps {
  documents: readonly PatientDocument[];
  /** The shared rule's labels of what the queue still needs. */
  missing: string[];
  onBack: () => void;
  onNext: () => void;
}

export function DocumentsStep({ documents, missing, onBack, onNext }: DocumentsStepProps) {
  const t = useT();
  const missingMessage = t('intake.documents.missing');
  const [attempt, setAttempt] = useState(0);
  const byCategory = new Map(documents.map((d) => [d.category, d]));
  // The condition belongs to the application step; this step asks only for files.
  const missingFiles = missing.filter((m) => m !== MEDICAL_CONDITION_LABEL);
  const missingDefinitions = CATEGORIES.filter((d) => missingFiles.includes(d.name));
  // Errors show once Continue was pressed; an upload takes its file off the list.
  const items: FormErrorItem[] =
    attempt > 0
      ? missingDefinitions.map((d) => ({
          id: uploadIdOf(d.id),
          label: t(CATEGORY_NAME_KEYS[d.id]),
          message: missingMessage,
        }))
      : [];

  const onContinue = () => {
    if (missingFiles.length > 0) setAttempt((n) => n + 1);
    else onNext();
  };

  return (
    <div className="grid gap-6">
      <p className="text-muted-foreground">{t('intake.documents.intro')}</p>
      <FormErrorSummary feedback={{ items, formError: null, attempt }} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {CATEGORIES.map((definition) => (
          <CategoryCard
            key={definition.id}
            definition={definition}
            document={byCategory.get(definition.id)}
            headingLevel="h3"
            uploadId={uploadIdOf(definition.id)}
            missingError={
              items.some((i) => i.id === uploadIdOf(definition.id)) ? missingMessage : undefined
            }
          />
        ))}
      </div>
      <div role="status" aria-live="polite">
        {missingFiles.length > 0 ? (
          <p className="flex items-start gap-2 rounded-md border border-border bg-muted p-3 text-sm">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{t('intake.documents.stillNeeded', { list: joinLabels(t, missingFiles) })}</span>
          </p>
        ) : (
          <p className="flex items-start gap-2 text-sm text-green-800">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('intake.documents.allUploaded')}
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack}>
          {t('intake.back')}
        </Button>
        <Button onClick={onContinue}>{t('intake.documents.continue')}</Button>
      </div>
    </div>
  );
}
