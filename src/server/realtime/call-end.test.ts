import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Participant } from '../../shared/signalling.js';
import { CALL_ENDED } from '../modules/video/messages.js';
import type { TestApp } from '../test/harness.js';
import {
  closeSocketApp,
  joinedPair,
  openSocketApp,
  Peer,
  type PeerEnv,
  settle,
} from '../test/socket-peer.js';

// Hang up versus End consultation (issue 11; replaces staff-and-video.md §2's hang-up that
// leaves for good): leaving the room, on either side, can be undone by joining again; only the
// physician's end of the consultation closes the room, for everyone in it.

let t: TestApp;
let env: PeerEnv;

beforeAll(async () => {
  ({ t, env } = await openSocketApp());
});
afterAll(() => closeSocketApp(t, env));

const names = (joined: { participants: Participant[] }) =>
  joined.participants.map((p) => p.role).sort();

describe('hanging up', () => {
  it("the doctor's hang-up leaves the patient in the call, and the doctor may come back", async () => {
    const { doc, pat, patient, roomId } = await joinedPair(env);

    doc.emit('leave-session', { sessionId: roomId });
    expect(await pat.next('participant-left')).toEqual({ sessionId: roomId, socketId: doc.id });
    await settle();
    // Not the end: the patient hears no call-ended, and the call is still theirs to rejoin.
    expect(pat.of('call-ended')).toEqual([]);
    const status = await patient.client.get('/api/queue/status');
    expect(status.json()).toMatchObject({ status: 'in_consultation', roomId });

    // The doctor rejoins and finds the patient still there; the patient hears them arrive.
    expect(await doc.join(roomId)).toBe('joined');
    expect(names(await doc.next('session-joined', 2))).toEqual(['patient']);
    expect(await pat.next('participant-joined')).toMatchObject({
      sessionId: roomId,
      socketId: doc.id,
      role: 'doctor',
    });
  });

  it('the patient may rejoin after leaving, and the doctor sees them return', async () => {
    const { doc, pat, roomId } = await joinedPair(env);

    pat.emit('leave-session', { sessionId: roomId });
    expect(await doc.next('participant-left')).toEqual({ sessionId: roomId, socketId: pat.id });
    await settle();
    expect(doc.of('call-ended')).toEqual([]);

    expect(await pat.join(roomId)).toBe('joined');
    expect(names(await pat.next('session-joined', 2))).toEqual(['doctor']);
    expect(await doc.next('participant-joined', 2)).toMatchObject({
      socketId: pat.id,
      role: 'patient',
    });
  });
});

describe('ending the consultation', () => {
  it('tells everyone in the room the call ended, empties it and refuses later joins', async () => {
    const { doctor, patient, doc, pat, roomId, queueId } = await joinedPair(env);
    // The patient's second tab, on the dashboard: it hears the end too (its Join goes).
    const dashboard = await new Peer(patient.client, env).connected();

    const end = await doctor.client.post('/api/admin/end-consultation', { queueId });
    expect(end.statusCode, end.body).toBe(200);
    for (const peer of [doc, pat, dashboard])
      expect(await peer.next('call-ended')).toMatchObject({ roomId });

    // Out of the room at once, whatever the pages do: a relay reaches nobody.
    doc.emit('webrtc-offer', {
      sessionId: roomId,
      targetSocketId: pat.id,
      offer: { type: 'offer', sdp: 'v=0' },
    });
    await settle();
    expect(pat.of('webrtc-offer')).toEqual([]);

    // Nobody gets back in: not the sockets that were in it, not a new device, not a token.
    expect(await pat.join(roomId)).toBe('refused');
    expect(pat.refusal()).toBe(CALL_ENDED);
    expect(await doc.join(roomId)).toBe('refused');
    const device = await new Peer(patient.client, env).connected();
    expect(await device.join(roomId)).toBe('refused');
    const token = await patient.client.post('/api/video/token', { roomId });
    expect(token.statusCode).toBe(409);
    expect(token.json().message).toBe(CALL_ENDED);

    const status = await patient.client.get('/api/queue/status');
    expect(status.json()).toMatchObject({ status: 'completed', roomId: null });
  });

  it('leaves other calls alone', async () => {
    const first = await joinedPair(env);
    const second = await joinedPair(env);
    const end = await first.doctor.client.post('/api/admin/end-consultation', {
      queueId: first.queueId,
    });
    expect(end.statusCode, end.body).toBe(200);
    await first.pat.next('call-ended');
    await settle();
    expect(second.pat.of('call-ended')).toEqual([]);
    expect(second.doc.of('call-ended')).toEqual([]);
    second.doc.emit('webrtc-offer', {
      sessionId: second.roomId,
      targetSocketId: second.pat.id,
      offer: { type: 'offer', sdp: 'v=0' },
    });
    expect(await second.pat.next('webrtc-offer')).toMatchObject({ fromSocketId: second.doc.id });
  });
});
