import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import {
  CONSULTATION_ROOM_TITLE,
  type RecordingFileView,
  type RecordingVideoType,
} from '../../../shared/schemas/video.js';
import type { AppContext } from '../../context.js';
import {
  consultations,
  patientProfiles,
  recordingChunks,
  recordingFiles,
  recordings,
  videoSessions,
} from '../../db/schema/index.js';

// Recordings (staff-and-video.md §3 Recording record, §4 Recording): one row per recording a
// host started, one file per participant stream, the encrypted chunks of each file in order.
// The realtime side opens recordings and files; the HTTP side takes chunks and lists them.

export type RecordingEnd = 'stopped' | 'host_disconnected';

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

export async function finishRecording(
  ctx: AppContext,
  recordingId: string,
  status: RecordingEnd,
): Promise<void> {
  await ctx.db
    .update(recordings)
    .set({ status, stoppedAt: new Date() })
    .where(and(eq(recordings.id, recordingId), eq(recordings.status, 'recording')));
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

/** Stores one chunk's row and counts it on the file, in one transaction. */
export async function addChunk(
  ctx: AppContext,
  args: { fileId: string; seq: number; storageKey: string; size: number },
): Promise<'added' | 'duplicate'> {
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(recordingChunks)
      .values({
        fileId: args.fileId,
        seq: args.seq,
        storageKey: args.storageKey,
        sizeBytes: args.size,
      })
      .onConflictDoNothing()
      .returning({ seq: recordingChunks.seq });
    if (inserted.length === 0) return 'duplicate';
    await tx
      .update(recordingFiles)
      .set({
        status: 'recording',
        chunkCount: sql`${recordingFiles.chunkCount} + 1`,
        sizeBytes: sql`${recordingFiles.sizeBytes} + ${args.size}`,
      })
      .where(eq(recordingFiles.id, args.fileId));
    return 'added';
  });
}

export async function completeFile(ctx: AppContext, fileId: string): Promise<void> {
  await ctx.db
    .update(recordingFiles)
    .set({ status: 'complete', endTime: new Date() })
    .where(eq(recordingFiles.id, fileId));
}
