import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { ApplicationType } from '../../../shared/fees.js';
import { msg } from '../../../shared/i18n/message-key.js';
import { formatCents } from '../../../shared/money.js';
import { type ApplicationView, CLOSED_STATUSES } from '../../../shared/schemas/application.js';
import type { StateApplicationMode } from '../../../shared/state-application.js';
import type { Executor } from '../../db/client.js';
import {
  type ApplicationRow,
  applications,
  consultations,
  type MedicalConditionRow,
  medicalConditions,
  payments,
  queueEntries,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

export function toApplicationView(
  row: ApplicationRow,
  conditions: MedicalConditionRow[] = [],
  paymentId: string | null = null,
  reasons: { decisionReason: string | null; removalReason: string | null } = {
    decisionReason: null,
    removalReason: null,
  },
): ApplicationView {
  return {
    id: row.id,
    type: row.type as ApplicationType,
    status: row.status as ApplicationView['status'],
    paymentStatus: row.paymentStatus as ApplicationView['paymentStatus'],
    paymentId,
    ...reasons,
    amount: formatCents(row.amountCents),
    hasReducedFee: row.hasReducedFee,
    reducedFeeReason: row.reducedFeeReason as ApplicationView['reducedFeeReason'],
    needsCaregiver: row.needsCaregiver,
    caregiverFirstName: row.caregiverFirstName,
    caregiverLastName: row.caregiverLastName,
    caregiverPhone: row.caregiverPhone,
    caregiverEmail: row.caregiverEmail,
    relationship: row.relationship,
    physicianNotes: row.physicianNotes,
    consentAt: row.consentAt?.toISOString() ?? null,
    stateApplicationMode: (row.stateApplicationMode as StateApplicationMode | null) ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    medicalConditions: conditions.map((c) => ({
      id: c.id,
      icdCode: c.icdCode,
      description: c.description,
    })),
  };
}

/** The patient's open application (ruling 14), locked for update when asked. */
export async function findOpenApplication(
  db: Executor,
  patientId: string,
  opts: { lock?: boolean } = {},
): Promise<ApplicationRow | null> {
  const q = db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.patientId, patientId),
        notInArray(applications.status, [...CLOSED_STATUSES]),
      ),
    )
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The patient's newest application, open or decided (what GET /api/applications lists first). */
export async function latestApplication(
  db: Executor,
  patientId: string,
): Promise<ApplicationRow | null> {
  const [row] = await db
    .select()
    .from(applications)
    .where(eq(applications.patientId, patientId))
    .orderBy(desc(applications.createdAt))
    .limit(1);
  return row ?? null;
}

/** One of the patient's own applications; anyone else's is "not found" (DESIGN.md). */
export async function findOwnApplication(
  db: Executor,
  patientId: string,
  id: string,
): Promise<ApplicationRow> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.patientId, patientId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', msg('intake.error.applicationNotFound'));
  return row;
}

export async function conditionsFor(
  db: Executor,
  ids: string[],
): Promise<Map<string, MedicalConditionRow[]>> {
  const map = new Map<string, MedicalConditionRow[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select()
    .from(medicalConditions)
    .where(inArray(medicalConditions.applicationId, ids))
    .orderBy(asc(medicalConditions.createdAt), asc(medicalConditions.id));
  for (const r of rows) map.set(r.applicationId, [...(map.get(r.applicationId) ?? []), r]);
  return map;
}

/** Payments the processor approved (held, taken, or since released). */
const APPROVED_PAYMENTS = ['authorized', 'captured', 'voided', 'refunded'];

/** Latest approved payment id per application, for the views. */
async function paymentIdsFor(db: Executor, ids: string[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ applicationId: payments.applicationId, id: payments.id })
    .from(payments)
    .where(and(inArray(payments.status, APPROVED_PAYMENTS), inArray(payments.applicationId, ids)))
    .orderBy(desc(payments.completedAt));
  for (const r of rows) if (!map.has(r.applicationId)) map.set(r.applicationId, r.id);
  return map;
}

/** The physician's reason per application not approved. */
async function decisionReasonsFor(db: Executor, ids: string[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ applicationId: consultations.applicationId, reason: consultations.outcomeReason })
    .from(consultations)
    .where(
      and(eq(consultations.outcome, 'not_approved'), inArray(consultations.applicationId, ids)),
    )
    .orderBy(desc(consultations.outcomeAt));
  for (const r of rows)
    if (r.reason && !map.has(r.applicationId)) map.set(r.applicationId, r.reason);
  return map;
}

/** The removal reason of each application's latest queue entry (null once it rejoined). */
async function removalReasonsFor(db: Executor, ids: string[]): Promise<Map<string, string | null>> {
  const map = new Map<string, string | null>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ applicationId: queueEntries.applicationId, reason: queueEntries.removalReason })
    .from(queueEntries)
    .where(inArray(queueEntries.applicationId, ids))
    .orderBy(desc(queueEntries.joinedAt), desc(queueEntries.id));
  for (const r of rows) if (!map.has(r.applicationId)) map.set(r.applicationId, r.reason);
  return map;
}

export async function viewsFor(db: Executor, rows: ApplicationRow[]): Promise<ApplicationView[]> {
  const ids = rows.map((r) => r.id);
  const [conditions, paymentIds, decisions, removals] = await Promise.all([
    conditionsFor(db, ids),
    paymentIdsFor(db, ids),
    decisionReasonsFor(db, ids),
    removalReasonsFor(db, ids),
  ]);
  return rows.map((r) =>
    toApplicationView(r, conditions.get(r.id), paymentIds.get(r.id) ?? null, {
      decisionReason: decisions.get(r.id) ?? null,
      removalReason: removals.get(r.id) ?? null,
    }),
  );
}

/** Newest first: the client uses the first as the latest application (§7). */
export async function listApplications(
  db: Executor,
  patientId: string,
): Promise<ApplicationView[]> {
  const rows = await db
    .select()
    .from(applications)
    .where(eq(applications.patientId, patientId))
    .orderBy(desc(applications.createdAt));
  return viewsFor(db, rows);
}

export async function applicationView(db: Executor, row: ApplicationRow): Promise<ApplicationView> {
  const [view] = await viewsFor(db, [row]);
  return view!;
}
