import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CHAT_LENGTH, SHARING_TAKEN } from '../../../shared/room-messages.js';
import { recordingFiles, recordings } from '../../db/schema/index.js';
import type { TestApp } from '../../test/harness.js';
import { paidPatient } from '../../test/patients.js';
import {
  closeSocketApp,
  joinedPair,
  openSocketApp,
  Peer,
  type PeerEnv,
  recordingOn,
  settle,
  staffJoins,
  videoCall,
  WHITEBOARD_LINE,
} from '../../test/socket-peer.js';

// The in-room tools on the server (staff-and-video.md §3, §4; issue 5): room messages relayed
// only within the room and stamped with the sender, the board for newcomers, one screen
// sharer, and recording that starts only after the patient consents.

let t: TestApp;
let env: PeerEnv;

beforeAll(async () => {
  ({ t, env } = await openSocketApp());
});
afterAll(() => closeSocketApp(t, env));

const roomMessages = (peer: Peer) =>
  peer.of('room-message') as { from: { socketId: string } | null; message: { type: string } }[];

describe('room-message', () => {
  it('reaches the others in the room, stamped with the sender, and never echoes', async () => {
    const { roomId, doc, pat } = await joinedPair(env);
    doc.emit('room-message', {
      sessionId: roomId,
      message: { type: 'chat-box', text: 'Can you hear me?' },
    });
    expect(await pat.next('room-message')).toEqual({
      sessionId: roomId,
      from: {
        socketId: doc.id,
        userId: expect.any(String),
        userName: 'Test doctor',
        role: 'doctor',
      },
      message: { type: 'chat-box', text: 'Can you hear me?' },
    });
    await settle();
    expect(doc.of('room-message')).toEqual([]);
  });

  it('from a non-member, or naming another room, reaches nobody', async () => {
    const { roomId, doc, pat } = await joinedPair(env);
    const stranger = await paidPatient(t.app);
    const outsider = await new Peer(stranger.client, env).connected();
    outsider.emit('room-message', { sessionId: roomId, message: { type: 'chat-box', text: 'hi' } });
    // A member naming another room is not heard there either.
    const other = await joinedPair(env);
    doc.emit('room-message', {
      sessionId: other.roomId,
      message: { type: 'chat-box', text: 'wrong room' },
    });
    await settle();
    for (const peer of [doc, pat, other.doc, other.pat])
      expect(peer.of('room-message')).toEqual([]);
  });

  it('drops malformed and oversized messages and goes on serving', async () => {
    const { roomId, doc, pat } = await joinedPair(env);
    const bad: unknown[] = [
      null,
      'chat',
      { sessionId: roomId },
      { sessionId: roomId, message: { type: 'chat-box', text: '' } },
      { sessionId: roomId, message: { type: 'chat-box', text: 'x'.repeat(MAX_CHAT_LENGTH + 1) } },
      { sessionId: roomId, message: { type: 'recording', flag: true, recordingId: 'forged' } },
      { sessionId: roomId, message: { type: 'canvas-state', open: true, lines: [] } },
      {
        sessionId: roomId,
        message: { type: 'drawLine', line: { ...WHITEBOARD_LINE, color: 'red' } },
      },
      {
        sessionId: roomId,
        message: { type: 'drawLine', line: { ...WHITEBOARD_LINE, points: [{ x: 101, y: 0 }] } },
      },
      { sessionId: roomId, message: { type: 'video-off' } },
    ];
    for (const payload of bad) doc.emit('room-message', payload);
    await settle();
    expect(pat.of('room-message')).toEqual([]);
    doc.emit('room-message', {
      sessionId: roomId,
      message: { type: 'video-off', videoFlag: true },
    });
    expect((await pat.next('room-message')).message).toEqual({
      type: 'video-off',
      videoFlag: true,
    });
  });
});

describe('whiteboard', () => {
  it('shows a newcomer the board as it stands (lines as drawn, undo and clear applied)', async () => {
    const { roomId, doc, pat } = await joinedPair(env);
    const send = (message: unknown) => doc.emit('room-message', { sessionId: roomId, message });
    send({ type: 'create-canvas' });
    send({ type: 'drawLine', line: WHITEBOARD_LINE });
    send({ type: 'drawLine', line: { ...WHITEBOARD_LINE, color: '#ff0000' } });
    send({ type: 'undo-canvas' });
    await pat.next('room-message', 4);

    const first = await staffJoins(env, roomId);
    expect(await first.next('room-message')).toEqual({
      sessionId: roomId,
      from: null,
      message: { type: 'canvas-state', open: true, lines: [WHITEBOARD_LINE] },
    });

    send({ type: 'clear-canvas' });
    send({ type: 'remove-canvas' });
    await pat.next('room-message', 6);
    first.socket.close();
    const second = await staffJoins(env, roomId);
    await settle();
    // A closed, empty board is not worth a message.
    expect(second.of('room-message')).toEqual([]);
  });
  it('is forgotten once the room empties: a later newcomer finds a blank board', async () => {
    const { roomId, doc, pat } = await joinedPair(env);
    doc.emit('room-message', { sessionId: roomId, message: { type: 'create-canvas' } });
    doc.emit('room-message', {
      sessionId: roomId,
      message: { type: 'drawLine', line: WHITEBOARD_LINE },
    });
    await pat.next('room-message', 2);
    for (const peer of [doc, pat]) peer.emit('leave-session', { sessionId: roomId });
    await settle();
    const back = await new Peer(doc.client, env).connected();
    expect(await back.join(roomId)).toBe('joined');
    await settle();
    expect(back.of('room-message')).toEqual([]);
  });
});

describe('screen sharing', () => {
  it('is one at a time: a second sharer is refused until the first stops or leaves', async () => {
    const { roomId, doc, pat } = await joinedPair(env);
    const ops = await staffJoins(env, roomId);
    const share = (peer: Peer, flag: boolean) =>
      peer.emit('room-message', { sessionId: roomId, message: { type: 'sharing-toggle', flag } });

    share(doc, true);
    expect((await pat.next('room-message')).message).toEqual({
      type: 'sharing-toggle',
      flag: true,
    });
    share(ops, true);
    expect(await ops.next('sharing-refused')).toEqual({
      sessionId: roomId,
      message: SHARING_TAKEN,
    });
    // The refused toggle went nowhere; a false from a non-sharer neither.
    share(pat, false);
    await settle();
    expect(roomMessages(pat)).toHaveLength(1);

    // A newcomer learns who shares.
    const third = await staffJoins(env, roomId);
    expect(await third.next('room-message')).toMatchObject({
      from: { socketId: doc.id },
      message: { type: 'sharing-toggle', flag: true },
    });

    // The sharer leaves: the others hear the share end, and the turn is free.
    doc.emit('leave-session', { sessionId: roomId });
    const ended = await pat.next('room-message', 2);
    expect(ended).toMatchObject({ from: { socketId: doc.id }, message: { flag: false } });
    share(ops, true);
    expect((await pat.next('room-message', 3)).from?.socketId).toBe(ops.id);
    expect(ops.of('sharing-refused')).toHaveLength(1);
  });
});

describe('recording', () => {
  const rowsFor = (roomId: string) =>
    t.app.ctx.db.select().from(recordings).where(eq(recordings.roomId, roomId));

  it('is asked only by the host, and a patient who declines stops it before it starts', async () => {
    const { roomId, doc, pat } = await joinedPair(env);
    pat.emit('recording-request', { sessionId: roomId });
    await settle();
    expect(doc.of('recording-consent-request')).toEqual([]);
    expect(pat.of('recording-consent-request')).toEqual([]);

    doc.emit('recording-request', { sessionId: roomId });
    const asked = await pat.next('recording-consent-request');
    expect(asked).toEqual({
      sessionId: roomId,
      recordingId: expect.any(String),
      requestedBy: 'Test doctor',
    });
    pat.emit('recording-consent', {
      sessionId: roomId,
      recordingId: asked.recordingId,
      accepted: false,
    });
    const declined = await doc.next('recording-consent-declined');
    expect(declined.recordingId).toBe(asked.recordingId);
    expect(declined.message).toMatch(/declined to be recorded$/);
    await settle();
    expect(await rowsFor(roomId)).toEqual([]);
    expect(roomMessages(pat).filter((m) => m.message.type === 'recording')).toEqual([]);
  });

  it('starts for everyone once the patient accepts; files only for members while it runs; the host stops it', async () => {
    const { roomId, doc, pat, doctor } = await joinedPair(env);
    doc.emit('recording-request', { sessionId: roomId });
    const { recordingId } = await pat.next('recording-consent-request');
    // Someone else answering for the patient changes nothing.
    doc.emit('recording-consent', { sessionId: roomId, recordingId, accepted: true });
    await settle();
    expect(await rowsFor(roomId)).toEqual([]);

    pat.emit('recording-consent', { sessionId: roomId, recordingId, accepted: true });
    const on = recordingOn(roomId, recordingId);
    expect(await pat.next('room-message')).toEqual(on);
    expect(await doc.next('room-message')).toEqual(on);
    const [row] = await rowsFor(roomId);
    expect(row).toMatchObject({ id: recordingId, status: 'recording', startedBy: doctor.id });
    expect(row!.consultationId).not.toBeNull();

    const file = {
      roomId,
      recordingId,
      streamId: 'camera-1',
      videoType: 'video',
      mimeType: 'video/webm;codecs=vp8,opus',
      userName: 'Forged name',
    };
    const ack = await pat.socket.timeout(3000).emitWithAck('create-file', file);
    expect(ack).toEqual({ ok: true, fileId: expect.any(String) });
    if (!ack.ok) throw new Error('no file');
    const [stored] = await t.app.ctx.db
      .select()
      .from(recordingFiles)
      .where(eq(recordingFiles.id, ack.fileId));
    expect(stored).toMatchObject({ isHost: false, videoType: 'video', status: 'pending' });
    expect(stored!.userName).not.toBe('Forged name');

    const stranger = await new Peer((await paidPatient(t.app)).client, env).connected();
    expect(await stranger.socket.timeout(3000).emitWithAck('create-file', file)).toMatchObject({
      ok: false,
    });
    expect(
      await doc.socket.timeout(3000).emitWithAck('create-file', { ...file, mimeType: 'text/html' }),
    ).toEqual({ ok: false, message: 'Unsupported recording type' });

    doc.emit('recording-stop', { sessionId: roomId });
    const off = { ...on, message: { ...on.message, flag: false } };
    expect(await pat.next('room-message', 2)).toEqual(off);
    expect(await doc.next('room-message', 2)).toEqual(off);
    expect((await rowsFor(roomId))[0]).toMatchObject({ status: 'stopped' });
    expect(await doc.socket.timeout(3000).emitWithAck('create-file', file)).toMatchObject({
      ok: false,
    });
  });

  it('ends when the host disconnects, and a patient who joins mid-recording is asked too', async () => {
    const { roomId, doc, pat } = await joinedPair(env);
    doc.emit('recording-request', { sessionId: roomId });
    const { recordingId } = await pat.next('recording-consent-request');
    pat.emit('recording-consent', { sessionId: roomId, recordingId, accepted: true });
    await pat.next('room-message');

    // The patient reconnects (a new socket): asked again before their stream is recorded.
    pat.socket.close();
    const back = await new Peer(pat.client, env).connected();
    expect(await back.join(roomId)).toBe('joined');
    expect((await back.next('recording-consent-request')).recordingId).toBe(recordingId);
    expect(roomMessages(back).filter((m) => m.message.type === 'recording')).toEqual([]);
    back.emit('recording-consent', { sessionId: roomId, recordingId, accepted: true });
    expect((await back.next('room-message')).message).toEqual({
      type: 'recording',
      flag: true,
      recordingId,
    });

    doc.socket.close();
    expect(await back.next('host-disconnected')).toEqual({ sessionId: roomId, recordingId });
    await settle();
    expect((await rowsFor(roomId))[0]).toMatchObject({ status: 'host_disconnected' });
  });

  it('a patient who joins mid-recording and declines stops it for everyone', async () => {
    const { roomId, doc, pat } = await joinedPair(env);
    doc.emit('recording-request', { sessionId: roomId });
    const { recordingId } = await pat.next('recording-consent-request');
    pat.emit('recording-consent', { sessionId: roomId, recordingId, accepted: true });
    await doc.next('room-message');
    pat.socket.close();
    const back = await new Peer(pat.client, env).connected();
    expect(await back.join(roomId)).toBe('joined');
    await back.next('recording-consent-request');
    back.emit('recording-consent', { sessionId: roomId, recordingId, accepted: false });
    expect((await doc.next('recording-consent-declined')).recordingId).toBe(recordingId);
    expect((await doc.next('room-message', 2)).message).toMatchObject({ flag: false });
    expect((await rowsFor(roomId))[0]).toMatchObject({ status: 'stopped' });
  });

  it('starts at once with no patient in the room, and marks the host’s own file', async () => {
    const { roomId, doctor } = await videoCall(env);
    const doc = await new Peer(doctor.client, env).connected();
    expect(await doc.join(roomId)).toBe('joined');
    doc.emit('recording-request', { sessionId: roomId });
    const on = await doc.next('room-message');
    expect(on).toMatchObject({ from: null, message: { type: 'recording', flag: true } });
    const recordingId = (on.message as { recordingId: string }).recordingId;
    expect((await rowsFor(roomId))[0]).toMatchObject({ id: recordingId, startedBy: doctor.id });
    const ack = await doc.socket.timeout(3000).emitWithAck('create-file', {
      roomId,
      recordingId,
      streamId: 'camera-1',
      videoType: 'video',
      mimeType: 'video/webm',
    });
    if (!ack.ok) throw new Error(ack.message);
    const [file] = await t.app.ctx.db
      .select()
      .from(recordingFiles)
      .where(eq(recordingFiles.id, ack.fileId));
    expect(file).toMatchObject({ isHost: true, userId: doctor.id, userName: 'Test doctor' });
  });

  it('asks a patient who joins while the question is open, and waits for them too', async () => {
    const { roomId, doc, pat } = await joinedPair(env);
    doc.emit('recording-request', { sessionId: roomId });
    const { recordingId } = await pat.next('recording-consent-request');
    // The patient opens the call in a second tab before answering.
    const tab = await new Peer(pat.client, env).connected();
    expect(await tab.join(roomId)).toBe('joined');
    expect((await tab.next('recording-consent-request')).recordingId).toBe(recordingId);

    pat.emit('recording-consent', { sessionId: roomId, recordingId, accepted: true });
    await settle();
    expect(await rowsFor(roomId)).toEqual([]);
    expect(roomMessages(tab).filter((m) => m.message.type === 'recording')).toEqual([]);

    tab.emit('recording-consent', { sessionId: roomId, recordingId, accepted: true });
    expect((await tab.next('room-message')).message).toEqual({
      type: 'recording',
      flag: true,
      recordingId,
    });
    expect(await rowsFor(roomId)).toHaveLength(1);
  });

  it('may be stopped by another host in the room, not by a patient', async () => {
    const { roomId, doc, pat } = await joinedPair(env);
    const ops = await staffJoins(env, roomId);
    doc.emit('recording-request', { sessionId: roomId });
    const { recordingId } = await pat.next('recording-consent-request');
    pat.emit('recording-consent', { sessionId: roomId, recordingId, accepted: true });
    await ops.next('room-message');

    pat.emit('recording-stop', { sessionId: roomId });
    await settle();
    expect((await rowsFor(roomId))[0]).toMatchObject({ status: 'recording' });

    ops.emit('recording-stop', { sessionId: roomId });
    expect((await doc.next('room-message', 2)).message).toEqual({
      type: 'recording',
      flag: false,
      recordingId,
    });
    expect((await rowsFor(roomId))[0]).toMatchObject({ status: 'stopped' });
  });
});
