import { CATEGORY_DEFINITIONS, QUEUE_REQUIRED_DOCUMENTS } from './documents.js';

// What an application needs before its patient may join the queue (issue 11: intake before
// the queue). One rule for the server's refusal and the wizard's checklist; the server
// computes the inputs from the records, the web from the lists it already has.

export const MEDICAL_CONDITION_LABEL = 'a medical condition';

export interface IntakeRecords {
  /** How many medical conditions the application lists. */
  conditions: number;
  /** Categories with a current document (pending review or approved, not replaced). */
  documents: Iterable<string>;
}

/** The labels of what is missing, in the order the wizard asks for them; empty when complete. */
export function missingForQueue({ conditions, documents }: IntakeRecords): string[] {
  const have = new Set(documents);
  const missing: string[] = [];
  if (conditions < 1) missing.push(MEDICAL_CONDITION_LABEL);
  for (const category of QUEUE_REQUIRED_DOCUMENTS)
    if (!have.has(category)) missing.push(CATEGORY_DEFINITIONS[category].name);
  return missing;
}

export const intakeComplete = (records: IntakeRecords) => missingForQueue(records).length === 0;

const MISSING_FOR_QUEUE_PREFIX = 'Before joining the queue, please add: ';

/** The sentence the server refuses with and the wizard shows. */
export const missingForQueueMessage = (missing: readonly string[]) =>
  `${MISSING_FOR_QUEUE_PREFIX}${missing.join(', ')}`;

/**
 * The labels a refusal names, when the message is that sentence; otherwise null. The wizard
 * shows them in its list of what is missing rather than in a toast (issue 11).
 */
export function missingNamedBy(message: string): string[] | null {
  if (!message.startsWith(MISSING_FOR_QUEUE_PREFIX)) return null;
  const labels = message
    .slice(MISSING_FOR_QUEUE_PREFIX.length)
    .replace(/\.$/, '')
    .split(', ')
    .filter(Boolean);
  return labels.length > 0 ? labels : null;
}

/** Documents that count toward the intake: current and not turned down by staff. */
export const countsForIntake = (doc: { status: string }) => doc.status !== 'rejected';
