import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallAnnouncement } from '../../shared/realtime.js';
import type { TestApp } from '../test/harness.js';
import { paidPatient } from '../test/patients.js';
import {
  closeSocketApp,
  openSocketApp,
  Peer,
  type PeerEnv,
  settle,
  videoCall,
} from '../test/socket-peer.js';

// A call the patient can always rejoin (issue 11): the server holds the live call of a
// consultation, so a reload, a second tab or another device finds it, and either side can
// come back until the physician ends the consultation.

let t: TestApp;
let env: PeerEnv;

beforeAll(async () => {
  ({ t, env } = await openSocketApp());
});
afterAll(() => closeSocketApp(t, env));

const rooms = (peer: Peer) =>
  (peer.of('roomID-received') as CallAnnouncement[]).map((a) => a.roomId);

describe('the live call of a consultation', () => {
  it('is in the queue status while in progress and gone once ended', async () => {
    const { doctor, patient, roomId, queueId } = await videoCall(env);
    const during = await patient.client.get('/api/queue/status');
    expect(during.statusCode, during.body).toBe(200);
    expect(during.json()).toMatchObject({ status: 'in_consultation', roomId });

    // The push a connecting page receives carries it too.
    const pat = await new Peer(patient.client, env).connected();
    expect(await pat.next('queue-update')).toMatchObject({ status: { roomId } });

    const end = await doctor.client.post('/api/admin/end-consultation', { queueId });
    expect(end.statusCode, end.body).toBe(200);
    const after = await patient.client.get('/api/queue/status');
    expect(after.json()).toMatchObject({ status: 'completed', roomId: null });
    expect(await pat.next('queue-update', 2)).toMatchObject({ status: { roomId: null } });
  });

  it('is not in the status of a patient still waiting', async () => {
    const patient = await paidPatient(t.app);
    const res = await patient.client.get('/api/queue/status');
    expect(res.json()).toMatchObject({ status: 'waiting', roomId: null });
  });

  it('is announced again when the patient connects, to that patient only', async () => {
    const { doctor, patient, roomId, queueId } = await videoCall(env);
    const bystander = await paidPatient(t.app);
    // A reload, a second tab, another device: each new connection hears the call.
    const [tab, other, doc] = await Promise.all([
      new Peer(patient.client, env).connected(),
      new Peer(bystander.client, env).connected(),
      new Peer(doctor.client, env).connected(),
    ]);
    const announced = await tab.next('roomID-received');
    expect(announced).toMatchObject({ roomId, email: patient.email });
    await settle();
    expect(rooms(other)).toEqual([]);
    expect(rooms(doc)).toEqual([]);

    // Once ended, a new connection hears nothing.
    await doctor.client.post('/api/admin/end-consultation', { queueId });
    const late = await new Peer(patient.client, env).connected();
    await late.next('queue-update');
    await settle();
    expect(rooms(late)).toEqual([]);
  });

  it("is announced again when the host opens the room, bringing the patient's Join back", async () => {
    const { doctor, patient, roomId } = await videoCall(env);
    const bystander = await paidPatient(t.app);
    const pat = await new Peer(patient.client, env).connected();
    const other = await new Peer(bystander.client, env).connected();
    await pat.next('roomID-received');
    const doc = await new Peer(doctor.client, env).connected();
    expect(await doc.join(roomId)).toBe('joined');
    expect((await pat.next('roomID-received', 2)).roomId).toBe(roomId);
    await settle();
    expect(rooms(other)).toEqual([]);
    expect(rooms(doc)).toEqual([]);
  });

  it('lets either side rejoin after leaving until the consultation ends, then neither', async () => {
    const { doctor, patient, roomId, queueId } = await videoCall(env);
    const doc = await new Peer(doctor.client, env).connected();
    const pat = await new Peer(patient.client, env).connected();
    expect(await doc.join(roomId)).toBe('joined');
    expect(await pat.join(roomId)).toBe('joined');

    // The patient's tab closes; a new device signs in with the same session and joins.
    pat.socket.disconnect();
    await doc.next('participant-left');
    const device = await new Peer(patient.client, env).connected();
    expect(await device.join(roomId)).toBe('joined');
    // The doctor hangs up by accident and comes back.
    doc.emit('leave-session', { sessionId: roomId });
    await settle();
    expect(await doc.join(roomId)).toBe('joined');

    const end = await doctor.client.post('/api/admin/end-consultation', { queueId });
    expect(end.statusCode, end.body).toBe(200);
    const token = await patient.client.post('/api/video/token', { roomId });
    expect(token.statusCode).toBeGreaterThanOrEqual(400);
    device.emit('leave-session', { sessionId: roomId });
    doc.emit('leave-session', { sessionId: roomId });
    await settle();
    expect(await device.join(roomId)).toBe('refused');
    expect(await doc.join(roomId)).toBe('refused');
  });
});
