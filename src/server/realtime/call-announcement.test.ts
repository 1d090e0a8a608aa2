import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallAnnouncement } from '../../shared/realtime.js';
import { signedInAs } from '../test/fixtures.js';
import { type Client, createTestApp, type TestApp } from '../test/harness.js';
import { paidPatient } from '../test/patients.js';

// The call-room announcement (patient-side.md §4 Call room state, staff-and-video.md §7):
// roomID-received and call-ended reach only the patient of the consultation whose room they
// name, and only when its host sends them; an email in the payload cannot redirect them.

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function listen(client: Client) {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: client.cookie! },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  const heard: { event: string; payload: CallAnnouncement }[] = [];
  socket.onAny((event: string, payload: CallAnnouncement) => {
    if (event === 'roomID-received' || event === 'call-ended') heard.push({ event, payload });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, heard };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('call-room announcements', () => {
  it('reach only the patient of the room, from its host only', async () => {
    const doctor = await signedInAs(t.app, 'doctor');
    const otherDoctor = await signedInAs(t.app, 'doctor');
    const patient = await paidPatient(t.app);
    const bystander = await paidPatient(t.app);
    const [doc, other, pat, by] = await Promise.all([
      listen(doctor.client),
      listen(otherDoctor.client),
      listen(patient.client),
      listen(bystander.client),
    ]);

    const started = await doctor.client.post('/api/admin/start-video-call', {
      queueId: patient.queue.id,
    });
    expect(started.statusCode, started.body).toBe(200);
    const roomId: string = started.json().roomId;
    await settle();
    expect(pat.heard.map((h) => [h.event, h.payload.roomId])).toEqual([
      ['roomID-received', roomId],
    ]);

    // Another doctor cannot announce this room, nor aim it at someone by email.
    other.socket.emit('call-ended', { roomId, email: patient.email });
    other.socket.emit('sendRoomID', { roomId: 'made-up-room', email: bystander.email });
    // The host's hang-up reaches the room's patient, whatever email it carries.
    doc.socket.emit('call-ended', { roomId, email: bystander.email });
    // Malformed payloads are dropped.
    doc.socket.emit('call-ended', { email: patient.email });
    doc.socket.emit('sendRoomID', 'not an object');
    await settle();

    expect(pat.heard.map((h) => [h.event, h.payload.roomId])).toEqual([
      ['roomID-received', roomId],
      ['call-ended', roomId],
    ]);
    expect(by.heard).toEqual([]);
    expect(doc.heard).toEqual([]);
    expect(other.heard).toEqual([]);
  });

  it('patients cannot announce', async () => {
    const patient = await paidPatient(t.app);
    const target = await paidPatient(t.app);
    const [pat, tgt] = await Promise.all([listen(patient.client), listen(target.client)]);
    pat.socket.emit('sendRoomID', { roomId: 'any-room', email: target.email });
    await settle();
    expect(tgt.heard).toEqual([]);
  });
});
