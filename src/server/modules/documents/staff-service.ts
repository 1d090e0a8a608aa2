import { and, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DocumentCategory, DocumentStatus } from '../../../shared/documents.js';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import type { StaffDocument } from '../../../shared/schemas/staff-documents.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { type DocumentRow, documents, patientProfiles, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { auditListRead, type ListReader } from '../audit/list-reads.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import { isSeeing, patientsSeenBy } from '../consultations/access.js';
import { queueDocumentRejected } from '../mail/visit-events.js';

// Staff document review and downloads (staff-and-video.md §2 Document Management Center;
// ruling 3: `documents`, a doctor only for the patient being seen; ruling 17: every list read,
// view and download is audited). A document of a patient the doctor is not seeing answers 404,
// like a document that does not exist.

export const DOCUMENT_NOT_FOUND = 'Document not found';

const reviewer = alias(users, 'reviewer');
const uploader = alias(users, 'uploader');

/** Uploaded by a staff member: the clinic produced it (the recommendation form). */
const generated = sql<boolean>`coalesce(${uploader.role} <> 'patient', false)`;

const staffDocumentColumns = {
  doc: documents,
  patientFirstName: patientProfiles.firstName,
  patientLastName: patientProfiles.lastName,
  patientDateOfBirth: patientProfiles.dateOfBirth,
  reviewerFirstName: reviewer.firstName,
  reviewerLastName: reviewer.lastName,
  generated,
};

type StaffDocumentRow = {
  doc: DocumentRow;
  patientFirstName: string;
  patientLastName: string;
  patientDateOfBirth: string | null;
  reviewerFirstName: string | null;
  reviewerLastName: string | null;
  generated: boolean;
};

function staffDocuments(db: Executor, where: SQL | undefined) {
  return db
    .select(staffDocumentColumns)
    .from(documents)
    .innerJoin(patientProfiles, eq(patientProfiles.id, documents.patientId))
    .leftJoin(reviewer, eq(reviewer.id, documents.reviewedBy))
    .leftJoin(uploader, eq(uploader.id, documents.uploadedBy))
    .where(where)
    .orderBy(desc(documents.uploadedAt), desc(documents.id));
}

export function toStaffDocument(r: StaffDocumentRow): StaffDocument {
  const d = r.doc;
  return {
    id: d.id,
    patientId: d.patientId,
    patientName: `${r.patientFirstName} ${r.patientLastName}`,
    dateOfBirth: r.patientDateOfBirth,
    applicationId: d.applicationId,
    name: d.originalName,
    category: d.category as DocumentCategory,
    type: d.mimeType,
    size: d.sizeBytes,
    uploadedAt: d.uploadedAt.toISOString(),
    status: d.status as DocumentStatus,
    reviewedBy: r.reviewerFirstName ? `${r.reviewerFirstName} ${r.reviewerLastName}` : null,
    reviewedAt: d.reviewedAt?.toISOString() ?? null,
    reviewNote: d.reviewNote,
    generated: !!r.generated,
    replacedAt: d.replacedAt?.toISOString() ?? null,
  };
}

/** `%`, `_` and `\` match themselves in a search. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Limits a query to the patients a doctor is seeing; null when the doctor sees nobody (the
 * answer is then empty). Other staff reach every patient.
 */
export async function patientScope(
  db: Executor,
  user: CurrentUser,
  column: typeof documents.patientId | typeof patientProfiles.id,
): Promise<SQL | undefined | null> {
  if (user.role !== 'doctor') return undefined;
  const ids = await patientsSeenBy(db, user.id);
  return ids.length ? inArray(column, ids) : null;
}

export type DocumentList = 'patient' | 'stored';

const LIST_WHERE: Record<DocumentList, SQL> = {
  // What patients uploaded and still stands: the review queue.
  patient: and(isNull(documents.replacedAt), sql`not ${generated}`)!,
  // The rest of the store: what the clinic generated, and earlier versions kept on replacement.
  stored: or(sql`${generated}`, isNotNull(documents.replacedAt))!,
};

export async function listStaffDocuments(
  ctx: AppContext,
  args: {
    user: CurrentUser;
    list: DocumentList;
    filters: { search?: string; category?: DocumentCategory; status?: DocumentStatus };
    reader: ListReader;
  },
): Promise<StaffDocument[]> {
  const { user, filters } = args;
  const scope = await patientScope(ctx.db, user, documents.patientId);
  const search = filters.search ? likePattern(filters.search) : null;
  const rows =
    scope === null
      ? []
      : await staffDocuments(
          ctx.db,
          and(
            LIST_WHERE[args.list],
            scope,
            filters.category ? eq(documents.category, filters.category) : undefined,
            filters.status ? eq(documents.status, filters.status) : undefined,
            search
              ? or(
                  sql`(${patientProfiles.firstName} || ' ' || ${patientProfiles.lastName}) ilike ${search}`,
                  sql`${documents.originalName} ilike ${search}`,
                )
              : undefined,
          ),
        );
  // The list names patients: the read is audited (ruling 17). Filters are not recorded: a
  // search may be a patient's name.
  await auditListRead(ctx, args.reader, {
    action: 'document.list',
    targetType: args.list === 'patient' ? 'patient_documents' : 'stored_documents',
    patientIds: await patientUserIds(ctx.db, { profileIds: rows.map((r) => r.doc.patientId) }),
    details: { count: rows.length },
  });
  return rows.map(toStaffDocument);
}

/** Current documents of one patient (every kind), for the patient record. */
export async function currentStaffDocuments(
  db: Executor,
  patientId: string,
): Promise<StaffDocument[]> {
  const rows = await staffDocuments(
    db,
    and(eq(documents.patientId, patientId), isNull(documents.replacedAt)),
  );
  return rows.map(toStaffDocument);
}

async function assertMayReadDocument(db: Executor, user: CurrentUser, patientId: string) {
  if (user.role === 'doctor' && !(await isSeeing(db, user.id, patientId)))
    throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
}

/** One document for a download, within the caller's reach; 404 otherwise. */
export async function findStaffDocument(
  db: Executor,
  user: CurrentUser,
  id: string,
): Promise<DocumentRow> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
  await assertMayReadDocument(db, user, row.patientId);
  return row;
}

/**
 * Approves or rejects a current document: status, reviewer, time and note with the audit row
 * in one transaction; the patient hears it at once. A replaced version is history: 409.
 */
export async function reviewDocument(
  ctx: AppContext,
  args: {
    user: CurrentUser;
    id: string;
    status: 'approved' | 'rejected';
    note?: string;
    ip: string;
  },
): Promise<StaffDocument> {
  const { user } = args;
  const result = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(documents)
      .where(eq(documents.id, args.id))
      .for('update');
    if (!locked) throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
    await assertMayReadDocument(tx, user, locked.patientId);
    if (locked.replacedAt)
      throw new AppError(
        'CONFLICT',
        'This document has been replaced by a newer upload; review the current one',
      );
    await tx
      .update(documents)
      .set({
        status: args.status,
        reviewedBy: user.id,
        reviewedAt: new Date(),
        reviewNote: args.note?.trim() || null,
      })
      .where(eq(documents.id, locked.id));
    await audit(tx, {
      actor: { id: user.id, role: user.role },
      action: 'document.review',
      targetType: 'document',
      targetId: locked.id,
      ip: args.ip,
      patientIds: await patientUserIds(tx, { profileIds: [locked.patientId] }),
      details: { status: args.status, previous: locked.status },
    });
    if (args.status === 'rejected') await queueDocumentRejected(ctx, tx, locked);
    const [view] = await staffDocuments(tx, eq(documents.id, locked.id));
    const [owner] = await tx
      .select({ userId: patientProfiles.userId })
      .from(patientProfiles)
      .where(eq(patientProfiles.id, locked.patientId));
    return { document: toStaffDocument(view!), patientUserId: owner!.userId };
  });
  ctx.realtime.toUser(result.patientUserId, 'document-update', {
    documentId: result.document.id,
    status: result.document.status,
  });
  return result.document;
}

/**
 * How many documents wait for review (the review queue's pending ones), for the console's
 * badge: the same list and scope as listStaffDocuments, counted without reading any row.
 */
export async function countDocumentsToReview(db: Executor, user: CurrentUser): Promise<number> {
  const scope = await patientScope(db, user, documents.patientId);
  if (scope === null) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .leftJoin(uploader, eq(uploader.id, documents.uploadedBy))
    .where(and(LIST_WHERE.patient, scope, eq(documents.status, 'pending')));
  return row?.n ?? 0;
}
