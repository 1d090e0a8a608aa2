import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/** One payment decision at a time per patient (a transaction-scoped advisory lock). */
export const lockPatient = (tx: Executor, patientId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`patient:${patientId}`}))`);
