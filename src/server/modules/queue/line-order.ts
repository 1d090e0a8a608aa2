import { asc } from 'drizzle-orm';
import { queueEntries } from '../../db/schema/index.js';

/**
 * The order patients are seen: by line number, which the database gives each entry as it
 * joins (ADR 0021). Every list of the line (the snapshot, the doctor's and the meetings' lists,
 * the operations console, the queue reminders) orders by this, so they cannot disagree.
 */
export const LINE_ORDER = [asc(queueEntries.lineNumber)] as const;
