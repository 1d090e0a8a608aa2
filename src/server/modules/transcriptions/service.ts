import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import type {
  BillableContent,
  PendingTranscription,
  StoredTranscription,
} from '../../../shared/schemas/transcription.js';
import { billableContent, durationMinutes, keyFindings } from '../../../shared/transcription.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import {
  consultations,
  keywords,
  patientProfiles,
  type TranscriptionRow,
  transcriptions,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { conditionsFor } from '../applications/service.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import {
  doctorName,
  patientJoin,
  patientName,
  peopleColumns,
  physician,
  physicianJoin,
} from '../follow-up/queries.js';

// Transcriptions (staff-and-video.md §2 Transcriptions tab, §3 Stored transcription, §4 the
// workflow view → copy → compile → store; ruling 3: `transcriptions`). The three steps end in
// one call that stores the transcript with its summary and notes, the key findings and the
// billable content, in one transaction with its audit row.

type Actor = Pick<CurrentUser, 'id' | 'role'>;
export const TRANSCRIPTION_NOT_FOUND = 'Transcription not found';

/**
 * `hipaaCompliant` states only what is true of every stored transcription: it is kept in the
 * clinic's own database (storage-level encryption, DESIGN.md security baseline), reachable only
 * by staff holding the `transcriptions` permission (or `search_notes` for snippets), and every
 * store, list, search and download writes an audit row. It is not a certification.
 */
const HIPAA_SAFEGUARDS_IN_PLACE = true;

const fileSizeSql = sql<number>`(octet_length(${transcriptions.rawTranscript}) + octet_length(${transcriptions.summary}) + octet_length(${transcriptions.notes}))::int`;

const storedColumns = {
  consultationId: transcriptions.consultationId,
  meetingId: consultations.meetingId,
  applicationId: consultations.applicationId,
  startedAt: consultations.startedAt,
  durationSeconds: consultations.durationSeconds,
  createdAt: transcriptions.createdAt,
  updatedAt: transcriptions.updatedAt,
  keyFindings: transcriptions.keyFindings,
  billable: transcriptions.billable,
  fileSize: fileSizeSql,
  ...peopleColumns,
};

interface StoredRow {
  consultationId: string;
  meetingId: string | null;
  applicationId: string;
  startedAt: Date;
  durationSeconds: number | null;
  createdAt: Date;
  updatedAt: Date;
  keyFindings: string[];
  billable: Record<string, unknown>;
  fileSize: number;
  patientFirstName: string;
  patientLastName: string;
  patientDateOfBirth: string | null;
  doctorFirstName: string;
  doctorLastName: string;
}

const toStored = (r: StoredRow): StoredTranscription => ({
  consultationId: r.consultationId,
  meetingId: r.meetingId,
  applicationId: r.applicationId,
  patientName: patientName(r),
  dateOfBirth: r.patientDateOfBirth,
  doctorName: doctorName(r),
  consultationDate: r.startedAt.toISOString(),
  duration: durationMinutes(r.durationSeconds),
  fileSize: Number(r.fileSize),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  keyFindings: r.keyFindings,
  billableContent: r.billable as BillableContent,
  hipaaCompliant: HIPAA_SAFEGUARDS_IN_PLACE,
});

const storedQuery = (db: Executor) =>
  db
    .select(storedColumns)
    .from(transcriptions)
    .innerJoin(consultations, eq(consultations.id, transcriptions.consultationId))
    .innerJoin(patientProfiles, patientJoin)
    .innerJoin(physician, physicianJoin);

export async function listTranscriptions(db: Executor): Promise<StoredTranscription[]> {
  const rows = await storedQuery(db).orderBy(
    desc(transcriptions.updatedAt),
    desc(transcriptions.id),
  );
  return rows.map(toStored);
}

/** Ended consultations of the last 30 days with no transcription stored yet, newest first. */
export async function listPendingTranscriptions(db: Executor): Promise<PendingTranscription[]> {
  const rows = await db
    .select({
      consultationId: consultations.id,
      meetingId: consultations.meetingId,
      applicationId: consultations.applicationId,
      endedAt: consultations.endedAt,
      durationSeconds: consultations.durationSeconds,
      ...peopleColumns,
    })
    .from(consultations)
    .innerJoin(patientProfiles, patientJoin)
    .innerJoin(physician, physicianJoin)
    .leftJoin(transcriptions, eq(transcriptions.consultationId, consultations.id))
    .where(
      and(
        isNotNull(consultations.endedAt),
        isNull(transcriptions.id),
        gt(consultations.endedAt, sql`now() - interval '30 days'`),
      ),
    )
    .orderBy(desc(consultations.endedAt), desc(consultations.id));
  return rows.map((r) => ({
    consultationId: r.consultationId,
    meetingId: r.meetingId,
    applicationId: r.applicationId,
    patientName: patientName(r),
    dateOfBirth: r.patientDateOfBirth,
    doctorName: doctorName(r),
    completedAt: r.endedAt!.toISOString(),
    duration: durationMinutes(r.durationSeconds),
  }));
}

/** Secure Storage: stores (or replaces) a consultation's transcript, summary and notes. */
export async function processTranscription(args: {
  ctx: AppContext;
  actor: Actor;
  ip: string;
  input: { consultationId: string; rawTranscript: string; summary: string; notes: string };
}): Promise<{ created: boolean; transcription: StoredTranscription }> {
  const { ctx, actor, input } = args;
  return ctx.db.transaction(async (tx) => {
    const [consultation] = await tx
      .select()
      .from(consultations)
      .where(eq(consultations.id, input.consultationId))
      .for('update');
    if (!consultation) throw new AppError('NOT_FOUND', 'Consultation not found');
    if (!consultation.endedAt) throw new AppError('CONFLICT', 'The consultation has not ended yet');

    const terms = await tx
      .select({ term: keywords.term, category: keywords.category })
      .from(keywords);
    const texts = [input.rawTranscript, input.summary, input.notes];
    const findings = keyFindings(texts, terms);
    const applicationConditions =
      (await conditionsFor(tx, [consultation.applicationId])).get(consultation.applicationId) ?? [];
    const billable = billableContent({
      durationSeconds: consultation.durationSeconds,
      outcome: consultation.outcome,
      applicationConditions,
      foundConditions: findings.conditions,
    });

    const values = {
      rawTranscript: input.rawTranscript,
      summary: input.summary,
      notes: input.notes,
      keyFindings: findings.keyFindings,
      billable,
    };
    // Upsert per consultation: a second storing replaces the text and moves updatedAt; the
    // row's createdAt and createdBy stay. `xmax = 0` tells a fresh insert from an update.
    const [row] = await tx
      .insert(transcriptions)
      .values({ ...values, consultationId: consultation.id, createdBy: actor.id })
      .onConflictDoUpdate({
        target: transcriptions.consultationId,
        set: { ...values, updatedAt: sql`now()` },
      })
      .returning({ id: transcriptions.id, created: sql<boolean>`(xmax = 0)` });
    const created = !!row!.created;
    await audit(tx, {
      actor,
      action: created ? 'transcription.store' : 'transcription.update',
      targetType: 'transcription',
      targetId: consultation.id,
      ip: args.ip,
      details: { keyFindings: findings.keyFindings.length, billable: billable.billable },
      patientIds: await patientUserIds(tx, { profileIds: [consultation.patientId] }),
    });
    const [stored] = await storedQuery(tx).where(eq(transcriptions.id, row!.id));
    return { created, transcription: toStored(stored!) };
  });
}

/** Everything the PDF prints. */
export async function loadTranscription(
  db: Executor,
  consultationId: string,
): Promise<{ stored: StoredTranscription; row: TranscriptionRow; dateOfBirth: string | null }> {
  const [found] = await db
    .select({
      stored: storedColumns,
      row: transcriptions,
      dateOfBirth: patientProfiles.dateOfBirth,
    })
    .from(transcriptions)
    .innerJoin(consultations, eq(consultations.id, transcriptions.consultationId))
    .innerJoin(patientProfiles, patientJoin)
    .innerJoin(physician, physicianJoin)
    .where(eq(transcriptions.consultationId, consultationId));
  if (!found) throw new AppError('NOT_FOUND', TRANSCRIPTION_NOT_FOUND);
  return { stored: toStored(found.stored), row: found.row, dateOfBirth: found.dateOfBirth };
}
