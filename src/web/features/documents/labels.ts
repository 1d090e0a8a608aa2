import {
  CATEGORY_DEFINITIONS,
  type DashboardDocumentType,
  type DocumentCategory,
  type DocumentStatus,
  MB,
} from '../../../shared/documents';
import type { MessageKey } from '../../../shared/i18n/message-key';
import { MEDICAL_CONDITION_LABEL } from '../../../shared/intake';
import { TYPE_LABELS } from './file-checks';

// The patient pages' words for the shared document tables (issue 24): shared/documents.ts keeps
// its English for staff pages and the server; a patient page names each entry by key.

export const CATEGORY_NAME_KEYS: Record<DocumentCategory, MessageKey> = {
  government_id: 'documents.category.government_id.name',
  proof_of_residency: 'documents.category.proof_of_residency.name',
  medical_records: 'documents.category.medical_records.name',
  photo: 'documents.category.photo.name',
  physician_recommendation: 'documents.category.physician_recommendation.name',
  reduced_fee_proof: 'documents.category.reduced_fee_proof.name',
};

export const CATEGORY_DESCRIPTION_KEYS: Record<DocumentCategory, MessageKey> = {
  government_id: 'documents.category.government_id.description',
  proof_of_residency: 'documents.category.proof_of_residency.description',
  medical_records: 'documents.category.medical_records.description',
  photo: 'documents.category.photo.description',
  physician_recommendation: 'documents.category.physician_recommendation.description',
  reduced_fee_proof: 'documents.category.reduced_fee_proof.description',
};

export const DASHBOARD_TYPE_KEYS: Record<DashboardDocumentType, MessageKey> = {
  id: 'documents.type.id',
  photo: 'documents.type.photo',
  residency_proof: 'documents.type.residency_proof',
  medical_records: 'documents.type.medical_records',
};

export const STATUS_KEYS: Record<DocumentStatus | 'not_uploaded', MessageKey> = {
  not_uploaded: 'documents.status.not_uploaded',
  pending: 'documents.status.pending',
  approved: 'documents.status.approved',
  rejected: 'documents.status.rejected',
};

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * One of the shared rule's English labels of what is missing (shared/intake.ts: a category's
 * name, or "a medical condition") in the reader's language; any other text as it is.
 */
export function missingLabel(t: Translate, label: string): string {
  if (label === MEDICAL_CONDITION_LABEL) return t('intake.missing.condition');
  const category = (Object.keys(CATEGORY_DEFINITIONS) as DocumentCategory[]).find(
    (c) => CATEGORY_DEFINITIONS[c].name === label,
  );
  return category ? t(CATEGORY_NAME_KEYS[category]) : label;
}

/** A list in a sentence: "A, B" (as the shared sentences join them). */
export const joinLabels = (t: Translate, labels: readonly string[]) =>
  labels.map((l) => missingLabel(t, l)).join(', ');

/** The required-documents sentence (shared requiredDocumentsProgress), in the reader's language. */
export function progressSentence(
  t: Translate,
  progress: { uploaded: number; total: number; missing: readonly DocumentCategory[] },
): string {
  return progress.missing.length === 0
    ? t('documents.progress.all', { total: progress.total })
    : t('documents.progress.some', {
        uploaded: progress.uploaded,
        total: progress.total,
        list: progress.missing.map((c) => t(CATEGORY_NAME_KEYS[c])).join(', '),
      });
}

/** "File must be smaller than 5MB." in the reader's language. */
export const tooLargeText = (t: Translate, category: DocumentCategory) =>
  t('documents.error.tooLarge', { mb: CATEGORY_DEFINITIONS[category].maxSize / MB });

/** "PDF, JPEG, or PNG" for a sentence, in the reader's language. */
export function typeSentenceIn(t: Translate, accepted: readonly string[]): string {
  const [a = '', b = '', c = ''] = accepted.map((type) => TYPE_LABELS[type] ?? type);
  if (accepted.length <= 1) return a;
  if (accepted.length === 2) return t('documents.types.two', { a, b });
  return t('documents.types.three', { a, b, c });
}
