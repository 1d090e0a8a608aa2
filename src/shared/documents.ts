// Document categories and their limits (patient-side.md §3, §5; rulings 7, 15 and 20): one
// store, one limit per category whichever path a file takes. A file's type is decided by its
// content on the server (magic bytes), never by its name or claimed type.

export const MB = 1024 * 1024;
export const PDF = 'application/pdf';
export const JPEG = 'image/jpeg';
export const PNG = 'image/png';

export const DOCUMENT_CATEGORIES = [
  'government_id',
  'proof_of_residency',
  'medical_records',
  'photo',
  'physician_recommendation',
  'reduced_fee_proof',
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/**
 * What the state needs before a physician can see the patient (issue 11): the server refuses to
 * queue an application until each has a file (pending review is enough). The one definition of
 * "required": the upload center, the wizard and the queue all read it (issue 21: medical
 * records are optional everywhere).
 */
export const QUEUE_REQUIRED_DOCUMENTS = [
  'government_id',
  'proof_of_residency',
  'photo',
] as const satisfies readonly DocumentCategory[];

export const isRequiredDocument = (category: string): boolean =>
  (QUEUE_REQUIRED_DOCUMENTS as readonly string[]).includes(category);

export interface CategoryDefinition {
  id: DocumentCategory;
  name: string;
  description: string;
  /** Needed before the queue: derived from QUEUE_REQUIRED_DOCUMENTS, never written by hand. */
  required: boolean;
  acceptedTypes: readonly string[];
  maxSize: number;
  /** Shown as a card in the upload center (the reduced-fee proof belongs to payment). */
  inUploadCenter: boolean;
  /**
   * Issued by the clinic (the signed recommendation): patients view it but never upload or
   * replace a file in this category, so theirs cannot stand in for the clinic's (issue 10).
   */
  issuedByClinic: boolean;
}

type CategoryFacts = Omit<CategoryDefinition, 'required'>;

const CATEGORY_FACTS: Record<DocumentCategory, CategoryFacts> = {
  government_id: {
    id: 'government_id',
    name: 'Government-Issued ID',
    description: "A driver's license, state ID or passport, front side, all corners visible.",
    acceptedTypes: [JPEG, PNG, PDF],
    maxSize: 5 * MB,
    inUploadCenter: true,
    issuedByClinic: false,
  },
  proof_of_residency: {
    id: 'proof_of_residency',
    name: 'Proof of Oklahoma Residency',
    description: 'A utility bill, lease or bank statement dated within 30 days.',
    acceptedTypes: [JPEG, PNG, PDF],
    maxSize: 5 * MB,
    inUploadCenter: true,
    issuedByClinic: false,
  },
  medical_records: {
    id: 'medical_records',
    name: 'Medical Records',
    description: 'Records that document your qualifying condition.',
    acceptedTypes: [PDF, JPEG, PNG],
    maxSize: 10 * MB,
    inUploadCenter: true,
    issuedByClinic: false,
  },
  photo: {
    id: 'photo',
    name: 'Photograph',
    description: 'A clear, recent photo of your face for the state license.',
    acceptedTypes: [JPEG, PNG],
    maxSize: 5 * MB,
    inUploadCenter: true,
    issuedByClinic: false,
  },
  physician_recommendation: {
    id: 'physician_recommendation',
    name: 'Physician Recommendation',
    description:
      'The completed state physician recommendation form, issued by the clinic once your consultation is approved.',
    acceptedTypes: [PDF, JPEG, PNG],
    maxSize: 5 * MB,
    inUploadCenter: true,
    issuedByClinic: true,
  },
  reduced_fee_proof: {
    id: 'reduced_fee_proof',
    name: 'Reduced Fee Proof',
    description: 'Proof of eligibility for the reduced fee.',
    acceptedTypes: [PDF, JPEG, PNG],
    maxSize: 5 * MB,
    inUploadCenter: false,
    issuedByClinic: false,
  },
};

export const CATEGORY_DEFINITIONS = Object.fromEntries(
  DOCUMENT_CATEGORIES.map((c) => [c, { ...CATEGORY_FACTS[c], required: isRequiredDocument(c) }]),
) as Record<DocumentCategory, CategoryDefinition>;

/** The dashboard's document types and the categories they are stored as (ruling 7). */
export const DASHBOARD_TYPE_TO_CATEGORY = {
  id: 'government_id',
  residency_proof: 'proof_of_residency',
  medical_records: 'medical_records',
  photo: 'photo',
} as const satisfies Record<string, DocumentCategory>;
export type DashboardDocumentType = keyof typeof DASHBOARD_TYPE_TO_CATEGORY;
export const DASHBOARD_DOCUMENT_TYPES = Object.keys(DASHBOARD_TYPE_TO_CATEGORY) as [
  DashboardDocumentType,
  ...DashboardDocumentType[],
];
export const categoryToDashboardType = (category: string): DashboardDocumentType | null =>
  (Object.entries(DASHBOARD_TYPE_TO_CATEGORY).find(([, c]) => c === category)?.[0] as
    | DashboardDocumentType
    | undefined) ?? null;

/**
 * How far the patient is with what they actually need (issue 21, replacing the spec's "X/10"):
 * the required categories with a current file, in words.
 */
export function requiredDocumentsProgress(present: Iterable<string>) {
  const have = new Set(present);
  const missing = QUEUE_REQUIRED_DOCUMENTS.filter((c) => !have.has(c));
  const total = QUEUE_REQUIRED_DOCUMENTS.length;
  const uploaded = total - missing.length;
  const sentence =
    missing.length === 0
      ? `All ${total} required documents are uploaded.`
      : `${uploaded} of ${total} required documents uploaded. Still needed: ${missing
          .map((c) => CATEGORY_DEFINITIONS[c].name)
          .join(', ')}.`;
  return { uploaded, total, missing, sentence };
}

/** At most this many current documents per application (patient-side.md §5). */
export const MAX_DOCUMENTS_PER_APPLICATION = 10;
/** The largest category: what a streaming upload may take before its category is known. */
export const LARGEST_UPLOAD = Math.max(
  ...Object.values(CATEGORY_DEFINITIONS).map((c) => c.maxSize),
);

export const DOCUMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

// The server's refusals are messages by key (documents.error.*); this one is kept in English
// for the tests that name it.
export const CLINIC_ISSUED_MESSAGE =
  'This document is issued by the clinic and cannot be uploaded or replaced.';

/** Sizes in KB as the lists show them (bytes / 1024). */
export const formatKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
