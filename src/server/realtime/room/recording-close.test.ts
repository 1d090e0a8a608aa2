import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingChunks, recordingFiles } from '../../db/schema/index.js';
import { RECORDING_ENDED } from '../../modules/video/recordings.js';
import { signedInAs } from '../../test/fixtures.js';
import type { Client, TestApp } from '../../test/harness.js';
import {
  closeSocketApp,
  joinedPair,
  openSocketApp,
  type Peer,
  type PeerEnv,
} from '../../test/socket-peer.js';

// Issue 10, defect 5: a recording's files close when the host stops it or leaves the room.
// A participant's later chunks are refused, whatever their size or number, and the staff
// download holds only what was sent while the recording ran. Real sockets, real HTTP chunks.

let t: TestApp;
let env: PeerEnv;
beforeAll(async () => {
  ({ t, env } = await openSocketApp());
});
afterAll(() => closeSocketApp(t, env));

const sendChunk = (client: Client, fileId: string, seq: number, bytes: Buffer) =>
  client.request({
    method: 'POST',
    url: `/api/video/recordings/${fileId}/chunks?seq=${seq}`,
    headers: { 'content-type': 'application/octet-stream' },
    payload: bytes,
  });

const webmLike = (label: string) =>
  Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from(`${label} `.repeat(200))]);

/** Doctor and patient in a call, recording with the patient's consent; the patient's file. */
async function recordingCall() {
  const call = await joinedPair(env);
  const { roomId, doc, pat } = call;
  doc.emit('recording-request', { sessionId: roomId });
  const { recordingId } = await pat.next('recording-consent-request');
  pat.emit('recording-consent', { sessionId: roomId, recordingId, accepted: true });
  await pat.next('room-message');
  const ack = await pat.socket.timeout(3000).emitWithAck('create-file', {
    roomId,
    recordingId,
    streamId: 'camera-1',
    videoType: 'video',
    mimeType: 'video/webm;codecs=vp8,opus',
  });
  if (!ack.ok) throw new Error(ack.message);
  return { ...call, recordingId, fileId: ack.fileId };
}

/** The recording-off room message (sent once the end is stored). */
async function recordingOff(peer: Peer) {
  for (let n = 1; ; n++) {
    const m = (await peer.next('room-message', n)) as { message: { type: string; flag?: boolean } };
    if (m.message.type === 'recording' && m.message.flag === false) return;
  }
}

async function expectClosedAfter(
  patient: Client,
  fileId: string,
  accepted: Buffer[],
): Promise<void> {
  // Any number, next in line or not, any size: all refused with the same answer.
  for (const [seq, bytes] of [
    [accepted.length, webmLike('after the stop')],
    [accepted.length + 7, webmLike('jumping ahead')],
    [0, webmLike('overwrite the start')],
    [accepted.length, Buffer.alloc(8 * 1024 * 1024, 1)],
  ] as const) {
    const late = await sendChunk(patient, fileId, seq, bytes);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toEqual({ message: RECORDING_ENDED, code: 'CONFLICT' });
  }
  const [file] = await t.app.ctx.db
    .select()
    .from(recordingFiles)
    .where(eq(recordingFiles.id, fileId));
  expect(file).toMatchObject({
    status: 'complete',
    endTime: expect.any(Date),
    chunkCount: accepted.length,
  });
  const chunks = await t.app.ctx.db
    .select()
    .from(recordingChunks)
    .where(eq(recordingChunks.fileId, fileId));
  expect(chunks.map((c) => c.seq).sort()).toEqual(accepted.map((_, i) => i));

  const staff = await signedInAs(t.app, 'admin');
  const download = await staff.client.get(`/api/admin/recordings/${fileId}/download`);
  expect(download.statusCode).toBe(200);
  expect(download.rawPayload.equals(Buffer.concat(accepted))).toBe(true);
}

describe('a recording closes when it ends', () => {
  it('refuses every chunk after the host stops it; the download holds what came before', async () => {
    const { roomId, doc, pat, fileId } = await recordingCall();
    const accepted = [webmLike('hello doctor'), webmLike('second slice')];
    for (const [seq, bytes] of accepted.entries())
      expect((await sendChunk(pat.client, fileId, seq, bytes)).statusCode).toBe(201);

    doc.emit('recording-stop', { sessionId: roomId });
    await recordingOff(pat);
    await expectClosedAfter(pat.client, fileId, accepted);
  });

  it('refuses every chunk after the host leaves, which ends the recording', async () => {
    const { pat, doc, fileId, recordingId, roomId } = await recordingCall();
    const accepted = [webmLike('only slice')];
    expect((await sendChunk(pat.client, fileId, 0, accepted[0]!)).statusCode).toBe(201);

    doc.socket.close();
    expect(await pat.next('host-disconnected')).toEqual({ sessionId: roomId, recordingId });
    await expectClosedAfter(pat.client, fileId, accepted);
  });
});
