import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { ROOM_REFUSED } from '../modules/video/messages.js';
import { createUser, PASSWORD, signedInAs } from '../test/fixtures.js';
import { Client, type TestApp } from '../test/harness.js';
import {
  closeSocketApp,
  joinedPair,
  openSocketApp,
  Peer,
  type PeerEnv,
  settle,
  videoCall,
} from '../test/socket-peer.js';
import { userRoom } from './hub.js';

// Sockets follow the session (issue 10, defect 9): signing out closes that session's sockets,
// deactivation and a change of rights close all of the user's sockets, and a join token or a
// recording request is judged by the rights the user holds when it is used.

let t: TestApp;
let env: PeerEnv;
let master: Client;

beforeAll(async () => {
  ({ t, env } = await openSocketApp());
  master = (await signedInAs(t.app, 'master_admin')).client;
});
afterAll(() => closeSocketApp(t, env));

/** A second sign-in of the same account: another session, another cookie. */
async function signIn(email: string): Promise<Client> {
  const client = new Client(t.app);
  expect((await client.post('/api/login', { email, password: PASSWORD })).statusCode).toBe(200);
  return client;
}

/** The reason the server gave when it closed the socket (waits for the close event). */
function closed(peer: Peer): Promise<string> {
  if (!peer.socket.connected) return Promise.resolve('already closed');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket stayed connected')), 3000);
    peer.socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

const liveSockets = (userId: string) => t.app.ctx.realtime.countInRoom(userRoom(userId));

describe('signing out', () => {
  it("closes that session's sockets at once and leaves the user's other sessions connected", async () => {
    const { id, email } = await createUser(t.app, 'patient');
    const phone = await signIn(email);
    const laptop = await signIn(email);
    const onPhone = await new Peer(phone, env).connected();
    const onLaptop = await new Peer(laptop, env).connected();
    expect(await liveSockets(id)).toBe(2);

    const gone = closed(onPhone);
    expect((await phone.post('/api/logout')).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(onLaptop.socket.connected).toBe(true);
    expect(await liveSockets(id)).toBe(1);

    // The signed-out cookie cannot open a new one.
    const again = new Peer(phone, env);
    await expect(again.connected()).rejects.toThrow('Unauthorized');
  });

  it("signing in again on the same browser ends the old session's sockets", async () => {
    const { email } = await createUser(t.app, 'patient');
    const browser = await signIn(email);
    const before = await new Peer(browser, env).connected();
    const gone = closed(before);
    expect((await browser.post('/api/login', { email, password: PASSWORD })).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });
});

describe('deactivation', () => {
  it('closes every socket of the user, whichever session opened it', async () => {
    const { id, email } = await createUser(t.app, 'doctor');
    const peers = [
      await new Peer(await signIn(email), env).connected(),
      await new Peer(await signIn(email), env).connected(),
    ];
    const gone = peers.map(closed);
    expect((await master.delete(`/api/admin/users/${id}`)).statusCode).toBe(204);
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(await liveSockets(id)).toBe(0);
  });
});

describe('a change of rights', () => {
  it("closes a demoted doctor's sockets, and the join token issued before is refused after", async () => {
    const call = await videoCall(env);
    const doc = await new Peer(call.doctor.client, env).connected();
    const token = await doc.token(call.roomId);
    const gone = closed(doc);
    const res = await master.put(`/api/admin/users/${call.doctor.id}`, {
      role: 'admin_assistant',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await gone).toBe('io server disconnect');

    // The session itself lives on: the page reconnects with the rights held now.
    const reconnected = await new Peer(call.doctor.client, env).connected();
    expect(await reconnected.join(call.roomId, token)).toBe('refused');
    expect(reconnected.refusal()).toBe(ROOM_REFUSED);
  });

  it('closes the sockets of staff whose permission boxes change', async () => {
    const staff = await signedInAs(t.app, 'operations_admin');
    const call = await videoCall(env);
    const peer = await new Peer(staff.client, env).connected();
    const token = await peer.token(call.roomId);
    const gone = closed(peer);
    const res = await master.put(`/api/admin/users/${staff.id}`, {
      permissions: ['analytics', 'documents'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await gone).toBe('io server disconnect');
    const reconnected = await new Peer(staff.client, env).connected();
    expect(await reconnected.join(call.roomId, token)).toBe('refused');
  });

  it('leaves sockets open when nothing the user may do changed', async () => {
    const doctor = await signedInAs(t.app, 'doctor');
    const peer = await new Peer(doctor.client, env).connected();
    const res = await master.put(`/api/admin/users/${doctor.id}`, { licenseNumber: 'OK-99999' });
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    expect(peer.socket.connected).toBe(true);
  });
});

describe('rights are read when used, not at the handshake', () => {
  // As if the close had been lost: the role changes under an open socket.
  const demoteQuietly = async (userId: string) => {
    await t.app.ctx.db.update(users).set({ role: 'admin_assistant' }).where(eq(users.id, userId));
    t.app.ctx.sessions.forgetUser(userId);
  };

  it('refuses a join token issued before a demotion on the socket that held it', async () => {
    const call = await videoCall(env);
    const doc = await new Peer(call.doctor.client, env).connected();
    const token = await doc.token(call.roomId);
    await demoteQuietly(call.doctor.id);
    expect(await doc.join(call.roomId, token)).toBe('refused');
  });

  it('refuses a recording request from a host demoted since joining', async () => {
    const { roomId, doc, pat, doctor } = await joinedPair(env);
    await demoteQuietly(doctor.id);
    doc.emit('recording-request', { sessionId: roomId });
    await settle();
    expect(pat.of('recording-consent-request')).toEqual([]);
  });
});
