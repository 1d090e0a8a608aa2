import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallAnnouncement } from '../../shared/realtime.js';
import { signedInAs } from '../test/fixtures.js';
import type { Client, TestApp } from '../test/harness.js';
import { paidPatient } from '../test/patients.js';
import { closeSocketApp, openSocketApp, Peer, type PeerEnv, settle } from '../test/socket-peer.js';

// The call-room announcement (patient-side.md §4 Call room state, staff-and-video.md §7):
// roomID-received reaches only the patient of the consultation whose room it names, and only
// when its host sends it; an email in the payload cannot redirect it. call-ended comes from
// the server's end of the consultation alone (issue 11): a staff socket cannot send it.

let t: TestApp;
let env: PeerEnv;

beforeAll(async () => {
  ({ t, env } = await openSocketApp());
});
afterAll(() => closeSocketApp(t, env));

/** A connected client and the call announcements it hears. */
async function listen(client: Client) {
  const peer = await new Peer(client, env).connected();
  return {
    emit: (event: string, payload: unknown) => peer.emit(event, payload),
    get heard() {
      return peer.events
        .filter((e) => e.event === 'roomID-received' || e.event === 'call-ended')
        .map((e) => ({ event: e.event, payload: e.payload as CallAnnouncement }));
    },
  };
}

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
    await settle(300);
    expect(pat.heard.map((h) => [h.event, h.payload.roomId])).toEqual([
      ['roomID-received', roomId],
    ]);

    // Another doctor cannot announce this room, nor aim it at someone by email.
    other.emit('sendRoomID', { roomId, email: patient.email });
    other.emit('sendRoomID', { roomId: 'made-up-room', email: bystander.email });
    // The host announces again: it reaches the room's patient, whatever email it carries.
    doc.emit('sendRoomID', { roomId, email: bystander.email });
    // A hang-up is not the end: call-ended from the host's socket reaches nobody.
    doc.emit('call-ended', { roomId, email: patient.email });
    // Malformed payloads are dropped.
    doc.emit('sendRoomID', { email: patient.email });
    doc.emit('sendRoomID', 'not an object');
    await settle(300);

    expect(pat.heard.map((h) => [h.event, h.payload.roomId])).toEqual([
      ['roomID-received', roomId],
      ['roomID-received', roomId],
    ]);
    expect(by.heard).toEqual([]);
    expect(doc.heard).toEqual([]);
    expect(other.heard).toEqual([]);
  });

  it('patients cannot announce', async () => {
    const patient = await paidPatient(t.app);
    const target = await paidPatient(t.app);
    const [pat, tgt] = await Promise.all([listen(patient.client), listen(target.client)]);
    pat.emit('sendRoomID', { roomId: 'any-room', email: target.email });
    await settle(300);
    expect(tgt.heard).toEqual([]);
  });
});
