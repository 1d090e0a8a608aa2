import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { startConsultation } from '../../modules/consultations/lifecycle.js';
import { loadCurrentUser } from '../../modules/users/queries.js';
import { addChunk, createRecordingFile, startRecording } from '../../modules/video/recordings.js';
import { createUser } from '../fixtures.js';
import type { TestApp } from '../harness.js';
import { type PaidPatient, paidPatient } from '../patients.js';
import type { Endpoint, Principal } from './types.js';

// Recordings (issue 5): staff with `documents` see them all, a doctor those of their own
// consultations. Chunks and completion are the recording participant's own (any signed-in
// user, for a file of theirs) and are tested in modules/video/recording-routes.test.ts.

export interface RecordedFile {
  patient: PaidPatient;
  doctorId: string;
  roomId: string;
  recordingId: string;
  fileId: string;
  /** What was stored, chunk by chunk. */
  chunks: Buffer[];
}

/**
 * A consultation held by `doctorId` (a new doctor when not given) with a recording of the
 * patient's stream: its file (the patient's own) and the chunks stored for it.
 */
export async function recordedFile(
  t: TestApp,
  opts: { doctorId?: string; chunks?: Buffer[] } = {},
): Promise<RecordedFile> {
  const doctorId = opts.doctorId ?? (await createUser(t.app, 'doctor')).id;
  const patient = await paidPatient(t.app);
  const roomId = randomBytes(12).toString('base64url');
  const consultation = await startConsultation({
    ctx: t.app.ctx,
    actor: (await loadCurrentUser(t.app.ctx.db, doctorId))!,
    queueId: patient.queue.id,
    ip: '127.0.0.1',
    roomId,
  });
  const recordingId = randomUUID();
  await startRecording(t.app.ctx, {
    id: recordingId,
    roomId,
    consultationId: consultation.id,
    videoSessionId: null,
    startedBy: doctorId,
  });
  const fileId = await createRecordingFile(t.app.ctx, {
    recordingId,
    userId: patient.userId,
    userName: 'Test patient',
    streamId: 'camera',
    videoType: 'video',
    mimeType: 'video/webm;codecs=vp8,opus',
    isHost: false,
  });
  const chunks = opts.chunks ?? [];
  for (const [seq, bytes] of chunks.entries()) {
    const stored = await t.app.ctx.blobs.put(Readable.from([bytes]));
    await addChunk(t.app.ctx, { fileId, seq, storageKey: stored.key, size: stored.size });
  }
  return { patient, doctorId, roomId, recordingId, fileId, chunks };
}

const reachableFile = (t: TestApp, principal: Principal) =>
  recordedFile(t, {
    doctorId: principal.role === 'doctor' ? principal.id : undefined,
    chunks: [Buffer.from('matrix chunk')],
  });

export const RECORDING_ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/admin/recordings', access: 'recordings', ok: 200 },
  {
    method: 'GET',
    path: '/api/admin/recordings/:fileId/download',
    access: 'recordings',
    ok: 200,
    prepare: async (t, principal) => ({
      url: `/api/admin/recordings/${(await reachableFile(t, principal)).fileId}/download`,
    }),
  },
];

/** Served recording routes for the participant who records (their own file only). */
export const RECORDING_NOT_STAFF = [
  'POST /api/video/recordings/:fileId/chunks',
  'POST /api/video/recordings/:fileId/complete',
];
