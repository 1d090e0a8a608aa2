import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARING_TAKEN } from '../../../shared/room-messages.js';
import { recordings } from '../../db/schema/index.js';
import { type ClusterNode, startCluster } from '../../test/cluster-nodes.js';
import { signedInAs } from '../../test/fixtures.js';
import { paidPatient } from '../../test/patients.js';
import {
  joinedPair,
  Peer,
  type PeerEnv,
  recordingOn,
  settle,
  staffJoins,
  WHITEBOARD_LINE,
} from '../../test/socket-peer.js';

// Several nodes (issue 14, ADR 0017): two app nodes on one database, linked through a Redis of
// the test's own; a patient's socket on node A and a doctor's on node B in one consultation
// room see one room: the whiteboard, the screen-share turn, recording and consent, and the
// announcement of the call. A third node dies mid-recording without a word.

let cluster: Awaited<ReturnType<typeof startCluster>>;
let A: PeerEnv;
let B: PeerEnv;

beforeAll(async () => {
  cluster = await startCluster();
  A = await cluster.node();
  B = await cluster.node();
});
// Usually 2 s; once under a loaded machine a node's close waited out a socket's long-poll.
afterAll(() => cluster?.stop(), 120_000);

/** The doctor's socket on `docNode`, the patient's on `patNode`, both in the call's room. */
const crossPair = (docNode = B, patNode = A) =>
  joinedPair(B, { doctor: docNode, patient: patNode });

const say = (peer: Peer, roomId: string, message: unknown) =>
  peer.emit('room-message', { sessionId: roomId, message });

const recordingFlags = (peer: Peer) =>
  (peer.of('room-message') as { message: { type: string; flag?: boolean } }[])
    .filter((m) => m.message.type === 'recording')
    .map((m) => m.message.flag);

/** Waits for a share by `sharer` to reach `peer`. */
async function shareBy(peer: Peer, sharer: Peer) {
  for (let n = 1; ; n++) {
    const m = (await peer.next('room-message', n)) as {
      from: { socketId: string } | null;
      message: { type: string; flag?: boolean };
    };
    if (m.message.type === 'sharing-toggle' && m.message.flag && m.from?.socketId === sharer.id)
      return m;
  }
}

const rowsFor = (roomId: string) =>
  A.app.ctx.db.select().from(recordings).where(eq(recordings.roomId, roomId));

describe('one room across two nodes', () => {
  it('announces the call to the patient on the other node', async () => {
    const doctor = await signedInAs(B.app, 'doctor');
    const patient = await paidPatient(B.app);
    const pat = await new Peer(patient.client, A).connected();
    const res = await doctor.client.post('/api/admin/start-video-call', {
      queueId: patient.queue.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await pat.next('roomID-received')).toMatchObject({ roomId: res.json().roomId });
  });

  it('gives a newcomer on node A the board drawn on node B', async () => {
    const { roomId, doc, pat } = await crossPair();
    say(doc, roomId, { type: 'create-canvas' });
    say(doc, roomId, { type: 'drawLine', line: WHITEBOARD_LINE });
    say(doc, roomId, { type: 'drawLine', line: { ...WHITEBOARD_LINE, color: '#ff0000' } });
    say(doc, roomId, { type: 'undo-canvas' });
    await pat.next('room-message', 4);
    const newcomer = await staffJoins(A, roomId);
    expect(await newcomer.next('room-message')).toEqual({
      sessionId: roomId,
      from: null,
      message: { type: 'canvas-state', open: true, lines: [WHITEBOARD_LINE] },
    });
  });

  it('keeps one screen sharer across nodes, released when the sharer on A leaves', async () => {
    const { roomId, doc, pat } = await crossPair();
    const watcher = await staffJoins(A, roomId);
    say(pat, roomId, { type: 'sharing-toggle', flag: true });
    expect(await doc.next('room-message')).toMatchObject({
      from: { socketId: pat.id, role: 'patient' },
      message: { type: 'sharing-toggle', flag: true },
    });
    say(doc, roomId, { type: 'sharing-toggle', flag: true });
    expect(await doc.next('sharing-refused')).toEqual({
      sessionId: roomId,
      message: SHARING_TAKEN,
    });

    // A newcomer on B learns who shares, with the sharer's name, though the sharer is on A.
    const late = await staffJoins(B, roomId);
    expect(await late.next('room-message')).toMatchObject({
      from: { socketId: pat.id, userName: expect.stringMatching(/\S/) },
      message: { type: 'sharing-toggle', flag: true },
    });

    pat.emit('leave-session', { sessionId: roomId });
    expect(await doc.next('room-message', 2)).toMatchObject({
      from: { socketId: pat.id },
      message: { type: 'sharing-toggle', flag: false },
    });
    say(doc, roomId, { type: 'sharing-toggle', flag: true });
    await shareBy(watcher, doc);
    expect(doc.of('sharing-refused')).toHaveLength(1);
  });

  it('gives the turn to exactly one of two sharers asking at once on two nodes', async () => {
    const { roomId, doc, pat } = await crossPair();
    for (let round = 1; round <= 5; round++) {
      say(doc, roomId, { type: 'sharing-toggle', flag: true });
      say(pat, roomId, { type: 'sharing-toggle', flag: true });
      await settle(300);
      const refused = doc.of('sharing-refused').length + pat.of('sharing-refused').length;
      expect(refused).toBe(round);
      // The winner stops, so the next round starts free.
      for (const peer of [doc, pat]) say(peer, roomId, { type: 'sharing-toggle', flag: false });
      await settle(300);
    }
  });

  it('records with the consent of the patient on A: asked with the host’s name, files on both nodes', async () => {
    const { roomId, doc, pat, doctor } = await crossPair();
    doc.emit('recording-request', { sessionId: roomId });
    const asked = await pat.next('recording-consent-request');
    expect(asked).toEqual({
      sessionId: roomId,
      recordingId: expect.any(String),
      requestedBy: 'Test doctor',
    });
    const { recordingId } = asked;
    pat.emit('recording-consent', { sessionId: roomId, recordingId, accepted: true });
    const on = recordingOn(roomId, recordingId);
    expect(await pat.next('room-message')).toEqual(on);
    expect(await doc.next('room-message')).toEqual(on);
    expect((await rowsFor(roomId))[0]).toMatchObject({ id: recordingId, startedBy: doctor.id });

    const file = {
      roomId,
      recordingId,
      streamId: 'camera-1',
      videoType: 'video',
      mimeType: 'video/webm',
    };
    for (const peer of [pat, doc])
      expect(await peer.socket.timeout(3000).emitWithAck('create-file', file)).toEqual({
        ok: true,
        fileId: expect.any(String),
      });

    doc.emit('recording-stop', { sessionId: roomId });
    expect((await pat.next('room-message', 2)).message).toMatchObject({ flag: false });
    expect((await rowsFor(roomId))[0]).toMatchObject({ status: 'stopped' });
    expect(await pat.socket.timeout(3000).emitWithAck('create-file', file)).toMatchObject({
      ok: false,
    });
  });

  it('stops at the refusal of the patient on A, asked or mid-recording', async () => {
    const { roomId, doc, pat } = await crossPair();
    doc.emit('recording-request', { sessionId: roomId });
    const first = await pat.next('recording-consent-request');
    pat.emit('recording-consent', { ...first, accepted: false });
    expect((await doc.next('recording-consent-declined')).recordingId).toBe(first.recordingId);
    await settle();
    expect(await rowsFor(roomId)).toEqual([]);

    doc.emit('recording-request', { sessionId: roomId });
    const second = await pat.next('recording-consent-request', 2);
    pat.emit('recording-consent', { ...second, accepted: true });
    await doc.next('room-message');
    // The patient opens a second tab on node A: asked again, and says no.
    const tab = await new Peer(pat.client, A).connected();
    expect(await tab.join(roomId)).toBe('joined');
    const again = await tab.next('recording-consent-request');
    expect(again.recordingId).toBe(second.recordingId);
    tab.emit('recording-consent', { ...again, accepted: false });
    expect((await doc.next('recording-consent-declined', 2)).recordingId).toBe(second.recordingId);
    // Nobody is recorded in a room where a patient said no: the end reaches both nodes.
    await doc.next('room-message', 2);
    await pat.next('room-message', 2);
    expect(recordingFlags(doc)).toEqual([true, false]);
    expect(recordingFlags(pat)).toEqual([true, false]);
    expect((await rowsFor(roomId))[0]).toMatchObject({ status: 'stopped' });
  });
});

describe('a node that dies', () => {
  let C: ClusterNode;
  beforeAll(async () => {
    C = await cluster.node();
  });

  it('leaves no sharer and no recording behind: its host’s recording ends, the turn is free', async () => {
    const { roomId, doc, pat } = await crossPair(C, A);
    say(doc, roomId, { type: 'sharing-toggle', flag: true });
    await pat.next('room-message');
    doc.emit('recording-request', { sessionId: roomId });
    const { recordingId } = await pat.next('recording-consent-request');
    pat.emit('recording-consent', { sessionId: roomId, recordingId, accepted: true });
    expect(recordingFlags(await pat.next('room-message', 2).then(() => pat))).toEqual([true]);

    // Node C loses Redis and its sockets at once: nobody hears them leave.
    await C.die();
    await settle(500);
    expect(recordingFlags(pat)).toEqual([true]);

    // The next participant in finds the host gone: the recording ends, as if the host had left.
    const other = await staffJoins(B, roomId);
    expect(await pat.next('host-disconnected')).toEqual({ sessionId: roomId, recordingId });
    await settle();
    expect(recordingFlags(pat)).toEqual([true, false]);
    expect((await rowsFor(roomId))[0]).toMatchObject({ status: 'host_disconnected' });
    // The newcomer was not told of a share by a socket that no longer exists, and may share.
    expect(
      (other.of('room-message') as { message: { type: string } }[]).map((m) => m.message.type),
    ).not.toContain('sharing-toggle');
    say(pat, roomId, { type: 'sharing-toggle', flag: true });
    await shareBy(other, pat);
    expect(pat.of('sharing-refused')).toEqual([]);
  });

  it('leaves a stale sharer that does not block a new share', async () => {
    const { roomId, doc, pat } = await crossPair();
    // What a dead node leaves: a sharer whose socket is in no room any more.
    await B.app.ctx.realtime.rooms.update(roomId, (state) => {
      state.sharer = {
        socketId: 'socket-of-a-dead-node',
        userId: 'x',
        userName: 'Gone',
        role: 'doctor',
      };
    });
    say(doc, roomId, { type: 'sharing-toggle', flag: true });
    await shareBy(pat, doc);
    expect(doc.of('sharing-refused')).toEqual([]);
  });
});

describe('while Redis is down', () => {
  it('keeps relaying the room’s messages; no store failure ends the process or holds a socket', async () => {
    const { roomId, doc, pat } = await crossPair(A, A);
    await cluster.stopRedis();
    const started = Date.now();
    say(doc, roomId, { type: 'drawLine', line: WHITEBOARD_LINE });
    say(doc, roomId, { type: 'sharing-toggle', flag: true });
    doc.emit('recording-request', { sessionId: roomId });
    say(doc, roomId, { type: 'chat-box', text: 'still here?' });
    const chat = async () => {
      for (let n = 1; ; n++) {
        const m = (await pat.next('room-message', n)) as { message: { type: string } };
        if (m.message.type === 'chat-box') return m;
      }
    };
    expect((await chat()).message).toEqual({ type: 'chat-box', text: 'still here?' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect((pat.of('room-message')[0] as { message: { type: string } }).message.type).toBe(
      'drawLine',
    );
  });
});
