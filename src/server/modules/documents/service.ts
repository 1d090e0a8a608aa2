import { Readable } from 'node:stream';
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  CATEGORY_DEFINITIONS,
  categoryToDashboardType,
  type DocumentCategory,
  MAX_DOCUMENTS_PER_APPLICATION,
  MB,
} from '../../../shared/documents.js';
import { msg } from '../../../shared/i18n/message-key.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { type DocumentRow, documents } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import { lockPatient } from '../payments/service.js';
import { returnToDeskAfterUpload } from '../state-applications/documents-back.js';
import { countCurrentDocuments } from './queries.js';
import type { StoredUpload } from './upload.js';

type Actor = { id: string; role: string };

export function toPatientDocument(d: DocumentRow) {
  return {
    id: d.id,
    category: d.category as DocumentCategory,
    status: d.status,
    name: d.originalName,
    type: d.mimeType,
    size: d.sizeBytes,
    uploadedAt: d.uploadedAt.toISOString(),
    applicationId: d.applicationId,
    reviewedAt: d.reviewedAt?.toISOString() ?? null,
    reviewNote: d.reviewNote,
  };
}

/** The dashboard's shape (patient-side.md §3 Document (dashboard)). */
export function toDashboardDocument(d: DocumentRow) {
  return {
    ...toPatientDocument(d),
    type: categoryToDashboardType(d.category) ?? d.category,
    mimeType: d.mimeType,
    fileName: d.originalName,
  };
}

/**
 * A patient's upload must be theirs to make (not a category the clinic issues) and its content
 * and size must fit the category; a file that does not is removed at once.
 */
export async function checkUpload(
  ctx: AppContext,
  upload: StoredUpload,
  category: DocumentCategory,
) {
  const def = CATEGORY_DEFINITIONS[category];
  if (def.issuedByClinic) {
    await ctx.blobs.delete(upload.key);
    throw new AppError('FORBIDDEN', msg('documents.error.clinicIssued'));
  }
  if (upload.truncated || upload.size > def.maxSize) {
    await ctx.blobs.delete(upload.key);
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      msg('documents.error.tooLarge', { mb: def.maxSize / MB }),
    );
  }
  if (!upload.mime || !def.acceptedTypes.includes(upload.mime)) {
    await ctx.blobs.delete(upload.key);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', msg('documents.error.invalidType'));
  }
  if (upload.size === 0) {
    await ctx.blobs.delete(upload.key);
    throw new AppError('BAD_REQUEST', msg('documents.error.empty'));
  }
}

async function latestCurrent(tx: Executor, patientId: string, category: string) {
  const [row] = await tx
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.patientId, patientId),
        eq(documents.category, category),
        isNull(documents.replacedAt),
      ),
    )
    .orderBy(desc(documents.uploadedAt))
    .limit(1);
  return row ?? null;
}

/**
 * Records an upload that passed `checkUpload`. `replace` (the upload center) supersedes the
 * latest current document of the category and keeps it as an earlier version; otherwise the
 * document is added, up to the per-application limit.
 */
export async function recordDocument(
  ctx: AppContext,
  args: {
    patientId: string;
    applicationId: string | null;
    category: DocumentCategory;
    upload: StoredUpload;
    name?: string;
    replace: boolean;
    actor: Actor;
    ip: string;
    tx?: Executor;
  },
): Promise<DocumentRow> {
  const work = async (tx: Executor) => {
    await lockPatient(tx, args.patientId);
    const previous = args.replace ? await latestCurrent(tx, args.patientId, args.category) : null;
    if (!previous && args.applicationId) {
      const count = await countCurrentDocuments(tx, args.applicationId);
      if (count >= MAX_DOCUMENTS_PER_APPLICATION)
        throw new AppError(
          'CONFLICT',
          msg('documents.error.maxDocuments', { max: MAX_DOCUMENTS_PER_APPLICATION }),
        );
    }
    const now = new Date();
    if (previous)
      await tx.update(documents).set({ replacedAt: now }).where(eq(documents.id, previous.id));
    const [row] = await tx
      .insert(documents)
      .values({
        patientId: args.patientId,
        applicationId: args.applicationId ?? previous?.applicationId ?? null,
        category: args.category,
        originalName: (args.name?.trim() || args.upload.fileName).slice(0, 255),
        mimeType: args.upload.mime!,
        sizeBytes: args.upload.size,
        storageKey: args.upload.key,
        uploadedBy: args.actor.id,
        uploadedAt: now,
        replacesId: previous?.id ?? null,
      })
      .returning();
    await audit(tx, {
      actor: args.actor,
      action: previous ? 'document.replace' : 'document.upload',
      targetType: 'document',
      targetId: row!.id,
      ip: args.ip,
      patientIds: await patientUserIds(tx, { profileIds: [args.patientId] }),
      details: { category: args.category, size: args.upload.size },
    });
    // A document OMMA asked for may send the state application back to the desk (issue 22).
    await returnToDeskAfterUpload(tx, {
      patientId: args.patientId,
      category: args.category,
      actor: args.actor,
      ip: args.ip,
    });
    return row!;
  };
  try {
    return args.tx ? await work(args.tx) : await ctx.db.transaction(work);
  } catch (err) {
    await ctx.blobs.delete(args.upload.key);
    throw err;
  }
}

/** Current documents, newest first. */
export async function currentDocuments(
  db: Executor,
  where: { patientId: string; applicationId?: string },
) {
  return db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.patientId, where.patientId),
        where.applicationId ? eq(documents.applicationId, where.applicationId) : undefined,
        isNull(documents.replacedAt),
      ),
    )
    .orderBy(desc(documents.uploadedAt));
}

export async function findPatientDocument(
  db: Executor,
  patientId: string,
  id: string,
): Promise<DocumentRow> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.patientId, patientId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', msg('documents.error.notFound'));
  return row;
}

/** A document the clinic produced (e.g. the recommendation form), stored encrypted and approved. */
export async function storeGeneratedDocument(
  ctx: AppContext,
  tx: Executor,
  args: {
    patientId: string;
    applicationId: string;
    category: DocumentCategory;
    fileName: string;
    bytes: Uint8Array;
    mimeType: string;
    actor: Actor;
    ip: string;
  },
): Promise<DocumentRow> {
  const { key, size } = await ctx.blobs.put(Readable.from([Buffer.from(args.bytes)]));
  try {
    const now = new Date();
    const [row] = await tx
      .insert(documents)
      .values({
        patientId: args.patientId,
        applicationId: args.applicationId,
        category: args.category,
        status: 'approved',
        originalName: args.fileName,
        mimeType: args.mimeType,
        sizeBytes: size,
        storageKey: key,
        uploadedBy: args.actor.id,
        uploadedAt: now,
        reviewedBy: args.actor.id,
        reviewedAt: now,
      })
      .returning();
    await audit(tx, {
      actor: args.actor,
      action: 'document.generate',
      targetType: 'document',
      targetId: row!.id,
      ip: args.ip,
      patientIds: await patientUserIds(tx, { profileIds: [args.patientId] }),
      details: { category: args.category },
    });
    return row!;
  } catch (err) {
    await ctx.blobs.delete(key);
    throw err;
  }
}
