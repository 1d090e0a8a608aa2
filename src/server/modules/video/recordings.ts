import { and, asc, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import {
  CONSULTATION_ROOM_TITLE,
  MAX_RECORDING_FILE_BYTES,
  type RecordingFileView,
  type RecordingVideoType,
} from '../../../shared/schemas/video.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import {
  consultations,
  patientProfiles,
  recordingChunks,
  recordingFiles,
  recordings,
  videoSessions,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

// Recordings (staff-and-video.md §3 Recording record, §4 Recording): one row per recording a
// host started, one file per participant stream, the encrypted chunks of each file in order.
// The realtime side opens recordings and files; the HTTP side takes chunks and lists them.
// A recording's files close when it ends (the host stops it or leaves, issue 10 defect 5):
// from then on no chunk is taken, so a download holds only what was sent while it ran.

export type RecordingEnd = 'stopped' | 'host_disconnected';

export const RECORDING_FILE_NOT_FOUND = 'Recording file not found';
export const RECORDING_ENDED = 'This recording has ended; no more chunks are accepted';
export const RECORDING_COMPLETE = 'This recording file is already complete';
export const CHUNK_DUPLICATE = 'This chunk was already received';
export const chunkOutOfOrder = (next: number) =>
  `Chunks must arrive in order: the next one is number ${next}`;
export const RECORDING_FILE_FULL = 'This recording file has reached its size limit';

export async function startRecording(
  ctx: AppContext,
  row: {
    id: string;
    roomId: string;
    consultationId: string | null;
    videoSessionId: string | null;
    startedBy: string;
  },
): Promise<void> {
  await ctx.db.insert(recordings).values(row);
}

/** Ends a recording and closes its files, together: no chunk is taken after this commits. */
export async function finishRecording(
  ctx: AppContext,
  recordingId: string,
  status: RecordingEnd,
): Promise<void> {
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(recordings)
      .set({ status, stoppedAt: now })
      .where(and(eq(recordings.id, recordingId), eq(recordings.status, 'recording')));
    await tx
      .update(recordingFiles)
      .set({ status: 'complete', endTime: now })
      .where(
        and(eq(recordingFiles.recordingId, recordingId), ne(recordingFiles.status, 'complete')),
      );
  });
}

export async function createRecordingFile(
  ctx: AppContext,
  file: {
    recordingId: string;
    userId: string;
    userName: string;
    streamId: string;
    videoType: RecordingVideoType;
    mimeType: string;
    isHost: boolean;
  },
): Promise<string> {
  const [row] = await ctx.db
    .insert(recordingFiles)
    .values(file)
    .returning({ id: recordingFiles.id });
  return row!.id;
}

/**
 * Which recordings a staff member may see (ACCESS.recordings): a doctor those of their own
 * consultations and of sessions they host; staff with `documents`, all.
 */
export function recordingScope(user: CurrentUser): SQL | undefined {
  if (user.role !== 'doctor') return undefined;
  return or(eq(consultations.doctorId, user.id), eq(videoSessions.hostUserId, user.id));
}

const listColumns = {
  file: recordingFiles,
  roomId: recordings.roomId,
  sessionTitle: videoSessions.title,
  patientFirstName: patientProfiles.firstName,
  patientLastName: patientProfiles.lastName,
};

/** The files staff may see, newest first; one room's when `roomId` is given. */
export async function listRecordingFiles(
  ctx: AppContext,
  user: CurrentUser,
  filter: { roomId?: string; fileId?: string },
): Promise<RecordingFileView[]> {
  const rows = await ctx.db
    .select(listColumns)
    .from(recordingFiles)
    .innerJoin(recordings, eq(recordings.id, recordingFiles.recordingId))
    .leftJoin(consultations, eq(consultations.id, recordings.consultationId))
    .leftJoin(patientProfiles, eq(patientProfiles.id, consultations.patientId))
    .leftJoin(videoSessions, eq(videoSessions.id, recordings.videoSessionId))
    .where(
      and(
        recordingScope(user),
        filter.roomId ? eq(recordings.roomId, filter.roomId) : undefined,
        filter.fileId ? eq(recordingFiles.id, filter.fileId) : undefined,
      ),
    )
    .orderBy(desc(recordingFiles.startTime), asc(recordingFiles.id))
    .limit(500);
  return rows.map(
    (r): RecordingFileView => ({
      id: r.file.id,
      recordingId: r.file.recordingId,
      roomId: r.roomId,
      roomTitle: r.sessionTitle ?? CONSULTATION_ROOM_TITLE,
      patientName: r.patientFirstName ? `${r.patientFirstName} ${r.patientLastName}` : null,
      userName: r.file.userName,
      videoType: r.file.videoType as RecordingVideoType,
      mimeType: r.file.mimeType,
      status: r.file.status,
      chunkCount: r.file.chunkCount,
      sizeBytes: r.file.sizeBytes,
      startTime: r.file.startTime.toISOString(),
      endTime: r.file.endTime?.toISOString() ?? null,
    }),
  );
}

/** A file's chunk storage keys in order. */
export async function chunkKeys(ctx: AppContext, fileId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ key: recordingChunks.storageKey })
    .from(recordingChunks)
    .where(eq(recordingChunks.fileId, fileId))
    .orderBy(asc(recordingChunks.seq));
  return rows.map((r) => r.key);
}

/** The caller's own file (chunks are sent only by who records them). */
export async function ownFile(ctx: AppContext, fileId: string, userId: string) {
  const [file] = await ctx.db
    .select()
    .from(recordingFiles)
    .where(and(eq(recordingFiles.id, fileId), eq(recordingFiles.userId, userId)))
    .limit(1);
  return file ?? null;
}

interface ChunkArgs {
  fileId: string;
  seq: number;
  size: number;
}

/**
 * Whether a chunk may join its file, as an error to throw. Chunks are taken only while the
 * recording runs and the file is open; each must be the next in order (MediaRecorder chunks
 * play back only concatenated in order, and the browser sends them one at a time, so a gap or
 * a jump is never a real recording); and the file stays under MAX_RECORDING_FILE_BYTES.
 */
export async function chunkRefusal(
  db: Executor,
  args: ChunkArgs,
  lock = false,
): Promise<AppError | null> {
  // Shared lock on the recording, then the file's own: a chunk and the end of its recording
  // (finishRecording, same order) run one after the other, never interleaved.
  const recording = db
    .select({ status: recordings.status })
    .from(recordings)
    .innerJoin(recordingFiles, eq(recordingFiles.recordingId, recordings.id))
    .where(eq(recordingFiles.id, args.fileId));
  const [running] = lock ? await recording.for('share', { of: recordings }) : await recording;
  const file = db.select().from(recordingFiles).where(eq(recordingFiles.id, args.fileId));
  const [row] = lock ? await file.for('update') : await file;
  if (!running || !row) return new AppError('NOT_FOUND', RECORDING_FILE_NOT_FOUND);
  if (running.status !== 'recording') return new AppError('CONFLICT', RECORDING_ENDED);
  if (row.status === 'complete') return new AppError('CONFLICT', RECORDING_COMPLETE);
  if (args.seq < row.chunkCount) return new AppError('CONFLICT', CHUNK_DUPLICATE);
  if (args.seq > row.chunkCount) return new AppError('CONFLICT', chunkOutOfOrder(row.chunkCount));
  if (row.sizeBytes + args.size > MAX_RECORDING_FILE_BYTES)
    return new AppError('PAYLOAD_TOO_LARGE', RECORDING_FILE_FULL);
  return null;
}

/** Stores one chunk's row and counts it on the file, in one transaction, if it may join. */
export async function addChunk(
  ctx: AppContext,
  args: ChunkArgs & { storageKey: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const refused = await chunkRefusal(tx, args, true);
    if (refused) throw refused;
    await tx.insert(recordingChunks).values({
      fileId: args.fileId,
      seq: args.seq,
      storageKey: args.storageKey,
      sizeBytes: args.size,
    });
    await tx
      .update(recordingFiles)
      .set({
        status: 'recording',
        chunkCount: sql`${recordingFiles.chunkCount} + 1`,
        sizeBytes: sql`${recordingFiles.sizeBytes} + ${args.size}`,
      })
      .where(eq(recordingFiles.id, args.fileId));
  });
}

export async function completeFile(ctx: AppContext, fileId: string): Promise<void> {
  await ctx.db
    .update(recordingFiles)
    .set({ status: 'complete', endTime: new Date() })
    .where(and(eq(recordingFiles.id, fileId), ne(recordingFiles.status, 'complete')));
}
