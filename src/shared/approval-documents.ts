import {
  CATEGORY_DEFINITIONS,
  type DocumentStatus,
  QUEUE_REQUIRED_DOCUMENTS,
} from './documents.js';

// Approval needs the state's documents approved (issue 21, ADR 0012's third refusal): a
// patient was approved while ID, residency and photo were still pending, and they stayed
// "Under Review" while the recommendation said identity was verified. One rule for the server's
// refusal and the room's chart, which shows the same sentence before the physician approves.

export type RequiredDocumentState = DocumentStatus | 'missing';

export interface UnapprovedDocument {
  category: (typeof QUEUE_REQUIRED_DOCUMENTS)[number];
  state: Exclude<RequiredDocumentState, 'approved'>;
}

/**
 * The required documents (QUEUE_REQUIRED_DOCUMENTS) not approved among the current ones, in
 * the order the state lists them. A category counts as approved when a current document of
 * it is; otherwise it is pending when one waits for review, rejected when all were rejected.
 */
export function unapprovedRequiredDocuments(
  current: readonly { category: string; status: DocumentStatus }[],
): UnapprovedDocument[] {
  const unapproved: UnapprovedDocument[] = [];
  for (const category of QUEUE_REQUIRED_DOCUMENTS) {
    const statuses = new Set(current.filter((d) => d.category === category).map((d) => d.status));
    if (statuses.has('approved')) continue;
    const state = statuses.has('pending')
      ? 'pending'
      : statuses.has('rejected')
        ? 'rejected'
        : 'missing';
    unapproved.push({ category, state });
  }
  return unapproved;
}

const STATE_WORDS: Record<UnapprovedDocument['state'], string> = {
  pending: 'under review',
  rejected: 'rejected',
  missing: 'not uploaded',
};

/** The refusal's sentence, naming each document and where it stands. */
export const documentsNotApprovedMessage = (unapproved: readonly UnapprovedDocument[]) =>
  `Approve the patient's required documents before approving the recommendation: ${unapproved
    .map((d) => `${CATEGORY_DEFINITIONS[d.category].name} (${STATE_WORDS[d.state]})`)
    .join(', ')}`;
