import { and, desc, eq, gte, inArray, isNotNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import {
  AUDIT_OUTCOME_WORDS,
  auditActionWords,
  auditTargetWords,
} from '../../../shared/audit-actions.js';
import { CATEGORY_DEFINITIONS } from '../../../shared/documents.js';
import { ownEntry } from '../../../shared/own-keys.js';
import { ROLE_LABELS } from '../../../shared/roles.js';
import type {
  AuditEntryView,
  AuditFilters,
  AuditPatient,
  AuditPerson,
} from '../../../shared/schemas/audit.js';
import type { Executor } from '../../db/client.js';
import {
  type AuditRow,
  auditLog,
  documents,
  patientProfiles,
  users,
} from '../../db/schema/index.js';
import { likePattern } from '../documents/staff-service.js';

// Reading the audit trail (issue 13): filters, a page newest first, and every row in words.

/** The filters as one condition; dates are whole clinic days, both ends included. */
export function trailWhere(filters: AuditFilters, timeZone: string): SQL | undefined {
  const midnight = (day: string, plus: number) =>
    sql`(((${day})::date + ${plus}::int)::timestamp at time zone ${timeZone})`;
  return and(
    filters.actorId ? eq(auditLog.actorId, filters.actorId) : undefined,
    // `@>` (contains) is what the GIN index on patient_ids serves.
    filters.patientId
      ? sql`${auditLog.patientIds} @> array[${filters.patientId}]::uuid[]`
      : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.from ? gte(auditLog.at, midnight(filters.from, 0)) : undefined,
    filters.to ? lt(auditLog.at, midnight(filters.to, 1)) : undefined,
  );
}

/** Newest first; the id breaks ties within one instant. */
export async function trailRows(
  db: Executor,
  where: SQL | undefined,
  limit: number,
  offset = 0,
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

export async function trailCount(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where);
  return Number(row?.n ?? 0);
}

const fullName = (p: { firstName: string; lastName: string }) =>
  `${p.firstName} ${p.lastName}`.trim();
const roleLabel = (role: string) => ownEntry(ROLE_LABELS, role) ?? role;

/** Rows in plain words: names for actors, patients and the records they point at. */
export async function describeRows(db: Executor, rows: AuditRow[]): Promise<AuditEntryView[]> {
  const targetIds = (type: string) =>
    rows.filter((r) => r.targetType === type && r.targetId).map((r) => r.targetId!);
  const userIds = [
    ...new Set([
      ...rows.flatMap((r) => (r.actorId ? [r.actorId] : [])),
      ...targetIds('user').filter(isUuid),
    ]),
  ];
  const patientUserIds = [...new Set(rows.flatMap((r) => r.patientIds))];
  const profileIds = [...new Set(targetIds('patient').filter(isUuid))];
  const documentIds = [...new Set(targetIds('document').filter(isUuid))];

  const people = userIds.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  // A page of list reads can name thousands of patients: looked up in chunks, within the
  // database's limit on a statement's parameters.
  const patients = [
    ...(await inChunks(patientUserIds, (ids) =>
      patientColumns(db).where(inArray(patientProfiles.userId, ids)),
    )),
    ...(await inChunks(profileIds, (ids) =>
      patientColumns(db).where(inArray(patientProfiles.id, ids)),
    )),
  ];
  const docs = documentIds.length
    ? await db
        .select({ id: documents.id, category: documents.category })
        .from(documents)
        .where(inArray(documents.id, documentIds))
    : [];

  const personById = new Map(people.map((p) => [p.id, fullName(p)]));
  const patientByUser = new Map(patients.map((p) => [p.userId, asAuditPatient(p)]));
  const patientByProfile = new Map(patients.map((p) => [p.id, fullName(p)]));
  const categoryByDocument = new Map(docs.map((d) => [d.id, d.category]));

  const targetLabel = (type: string, id: string | null): string => {
    const words = auditTargetWords(type);
    if (!id) return words;
    const name =
      type === 'user'
        ? personById.get(id)
        : type === 'patient'
          ? patientByProfile.get(id)
          : type === 'document'
            ? ownEntry(CATEGORY_DEFINITIONS, categoryByDocument.get(id))?.name
            : undefined;
    return name ? `${words}: ${name}` : `${words} ${id.slice(0, 8)}`;
  };

  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    actor: r.actorId
      ? {
          id: r.actorId,
          name: personById.get(r.actorId) ?? 'Unknown account',
          role: r.actorRole ?? '',
          roleLabel: r.actorRole ? roleLabel(r.actorRole) : '',
        }
      : null,
    action: r.action,
    what: auditActionWords(r.action),
    outcome: r.outcome,
    outcomeWords: ownEntry(AUDIT_OUTCOME_WORDS, r.outcome) ?? r.outcome,
    ip: r.ip,
    target: r.targetType
      ? {
          type: r.targetType,
          words: auditTargetWords(r.targetType),
          id: r.targetId,
          label: targetLabel(r.targetType, r.targetId),
        }
      : null,
    patients: r.patientIds.map(
      (id) => patientByUser.get(id) ?? { id, name: 'Unknown patient', dateOfBirth: null },
    ),
  }));
}

const CHUNK = 5000;

async function inChunks<T>(ids: readonly string[], read: (ids: string[]) => Promise<T[]>) {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
  return out;
}

const patientColumns = (db: Executor) =>
  db
    .select({
      id: patientProfiles.id,
      userId: patientProfiles.userId,
      firstName: patientProfiles.firstName,
      lastName: patientProfiles.lastName,
      dateOfBirth: patientProfiles.dateOfBirth,
    })
    .from(patientProfiles);

const asAuditPatient = (p: {
  userId: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
}): AuditPatient => ({ id: p.userId, name: fullName(p), dateOfBirth: p.dateOfBirth });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (id: string) => UUID.test(id);

/** The people who appear as actors in the trail, staff first, for the actor filter. */
export async function trailActors(db: Executor): Promise<AuditPerson[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(users)
    .where(
      and(
        ne(users.role, 'patient'),
        inArray(
          users.id,
          db
            .selectDistinct({ id: auditLog.actorId })
            .from(auditLog)
            .where(isNotNull(auditLog.actorId)),
        ),
      ),
    )
    .orderBy(users.firstName, users.lastName, users.id)
    .limit(500);
  return rows.map((u) => ({
    id: u.id,
    name: fullName(u),
    role: u.role,
    roleLabel: roleLabel(u.role),
  }));
}

/** Patients by name (first, last, or "first last"), for the patient filter: 20 at most. */
export async function searchTrailPatients(db: Executor, q: string): Promise<AuditPatient[]> {
  const pattern = likePattern(q);
  const rows = await patientColumns(db)
    .where(
      sql`(${patientProfiles.firstName} || ' ' || ${patientProfiles.lastName}) ilike ${pattern}`,
    )
    .orderBy(patientProfiles.lastName, patientProfiles.firstName, patientProfiles.userId)
    .limit(20);
  return rows.map(asAuditPatient);
}

/** One patient by user id (the filter's chip when a link names a patient). */
export async function trailPatient(db: Executor, userId: string): Promise<AuditPatient | null> {
  const [p] = await patientColumns(db).where(eq(patientProfiles.userId, userId)).limit(1);
  return p ? asAuditPatient(p) : null;
}
