import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueStatusView } from '../../shared/queue.js';
import { applyQueueLine } from '../../shared/queue-line.js';
import { type QueueLine, QueueLineEventSchema } from '../../shared/realtime.js';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { goodPayment, signedInAs, validRegistration } from '../test/fixtures.js';
import { Client, openTestDatabase } from '../test/harness.js';
import { completeIntake, intakeReadyPatient, type TestPatient } from '../test/patients.js';
import { linkCluster } from './cluster.js';

// Two app nodes on one database, linked through the machine's Redis (REDIS_URL or the local
// default): a change made on one node reaches the other's caches and its sockets at once.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
type Node = Awaited<ReturnType<typeof buildApp>>;

let database: Database;
let dataDir: string;
const nodes: Node[] = [];
const sockets: Socket[] = [];

async function startNode(): Promise<Node> {
  const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database });
  const unlink = await linkCluster(app.ctx, REDIS_URL);
  app.addHook('onClose', unlink);
  await app.listen({ port: 0, host: '127.0.0.1' });
  nodes.push(app);
  return app;
}

/** A connected socket on `node` for a cookie, and a promise of the reason it is closed. */
async function socketOn(node: Node, cookie: string) {
  const socket = connect(`http://127.0.0.1:${portOf(node)}`, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
  });
  sockets.push(socket);
  const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, closed };
}

const within = <T>(promise: Promise<T>, ms = 3000) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms)),
  ]);

const portOf = (app: Node) => (app.server.address() as { port: number }).port;
const until = async (check: () => Promise<boolean>, ms = 3000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
};

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'okmmj-cluster-'));
});
afterAll(async () => {
  for (const s of sockets) s.close();
  for (const n of nodes) await n.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two nodes linked through Redis', () => {
  it('a payment on node A moves the queue on node B and reaches the patient socket on B', async () => {
    const a = await startNode();
    const b = await startNode();
    const onA = new Client(a);
    expect((await onA.post('/api/register', validRegistration())).statusCode).toBe(201);
    // The intake the queue requires (issue 11), so the payment joins the queue.
    await completeIntake({ client: onA } as TestPatient);
    const onB = new Client(b);
    onB.cookie = onA.cookie;
    // B has read the queue once: without the link it would keep serving this answer.
    expect((await onB.get('/api/queue/status')).json()).toBeNull();

    const socket = connect(`http://127.0.0.1:${portOf(b)}`, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: onA.cookie! },
    });
    sockets.push(socket);
    const updates: unknown[] = [];
    socket.on('queue-update', (e) => updates.push(e));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    await until(async () => updates.length > 0); // the greeting with the current (empty) status
    updates.length = 0;

    expect((await onA.post('/api/process-payment', goodPayment())).statusCode).toBe(200);

    expect(
      await until(async () => (await onB.get('/api/queue/status')).json()?.status === 'waiting'),
    ).toBe(true);
    expect(await until(async () => updates.length > 0)).toBe(true);
    expect(updates[0]).toMatchObject({ status: { status: 'waiting', position: 1 } });
    // Told once, by the node that made the change, not once per node.
    await new Promise((r) => setTimeout(r, 300));
    expect(updates).toHaveLength(1);
  });

  it("an admission on node A moves the next patient's page on node B with one broadcast", async () => {
    const [a, b] = nodes as [Node, Node];
    const doctor = await signedInAs(a, 'doctor');
    const first = await intakeReadyPatient(a);
    const second = await intakeReadyPatient(a);
    const paidFirst = await first.client.post('/api/process-payment', goodPayment());
    expect(paidFirst.statusCode).toBe(200);
    expect((await second.client.post('/api/process-payment', goodPayment())).statusCode).toBe(200);
    // Listening before the connection opens: the greeting follows it at once.
    const socket = connect(`http://127.0.0.1:${portOf(b)}`, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: second.client.cookie! },
      reconnection: false,
    });
    sockets.push(socket);
    let page: QueueStatusView | null = null;
    const updates: unknown[] = [];
    const lines: QueueLine[] = [];
    socket.on('queue-update', (e: { status: QueueStatusView | null }) => {
      updates.push(e);
      page = e.status;
    });
    socket.on('queue-line', (e: unknown) => {
      const line = QueueLineEventSchema.parse(e);
      lines.push(line);
      if (page) page = applyQueueLine(page, line);
    });
    expect(await until(async () => updates.length === 1)).toBe(true); // the greeting
    const before = page!.position;

    const admitted = await doctor.client.post('/api/admin/admit-patient', {
      queueId: paidFirst.json().queue.id,
    });
    expect(admitted.statusCode, admitted.body).toBe(200);
    expect(await until(async () => page?.position === before - 1)).toBe(true);
    // Told once, by the node that made the change; the page agrees with node B's answer.
    await new Promise((r) => setTimeout(r, 300));
    expect(lines).toHaveLength(1);
    expect(updates).toHaveLength(1);
    const onB = new Client(b);
    onB.cookie = second.client.cookie;
    expect((await onB.get('/api/queue/status')).json()).toEqual(page);
  });

  it('signing out on node A ends the session on node B at once', async () => {
    const [a, b] = nodes as [Node, Node];
    const onA = new Client(a);
    expect((await onA.post('/api/register', validRegistration())).statusCode).toBe(201);
    // The intake the queue requires (issue 11), so the payment joins the queue.
    await completeIntake({ client: onA } as TestPatient);
    const onB = new Client(b);
    onB.cookie = onA.cookie;
    expect((await onB.get('/api/user')).statusCode).toBe(200); // now cached on B
    expect((await onA.post('/api/logout')).statusCode).toBe(200);
    expect(await until(async () => (await onB.get('/api/user')).statusCode === 401, 1000)).toBe(
      true,
    );
  });

  it('signing out on node A closes the socket the session opened on node B', async () => {
    const [a, b] = nodes as [Node, Node];
    const onA = new Client(a);
    expect((await onA.post('/api/register', validRegistration())).statusCode).toBe(201);
    // The intake the queue requires (issue 11), so the payment joins the queue.
    await completeIntake({ client: onA } as TestPatient);
    const { closed } = await socketOn(b, onA.cookie!);
    expect((await onA.post('/api/logout')).statusCode).toBe(200);
    expect(await within(closed)).toBe('io server disconnect');
  });

  it('a doctor connected to node A is on duty for a patient whose page node B serves', async () => {
    const [a, b] = nodes as [Node, Node];
    const onA = new Client(a);
    expect((await onA.post('/api/register', validRegistration())).statusCode).toBe(201);
    await completeIntake({ client: onA } as TestPatient);
    expect((await onA.post('/api/process-payment', goodPayment())).statusCode).toBe(200);
    const onB = new Client(b);
    onB.cookie = onA.cookie;
    const onDuty = async () => (await onB.get('/api/queue/status')).json()?.physicianOnDuty;
    expect(await onDuty()).toBe(false);

    const doctor = await signedInAs(a, 'doctor');
    const { socket } = await socketOn(a, doctor.client.cookie!);
    expect(await until(async () => (await onDuty()) === true)).toBe(true);
    socket.close();
    expect(await until(async () => (await onDuty()) === false)).toBe(true);
  });

  it("a demotion on node A closes the doctor's socket on node B", async () => {
    const [a, b] = nodes as [Node, Node];
    const master = await signedInAs(a, 'master_admin');
    const doctor = await signedInAs(a, 'doctor');
    const { socket, closed } = await socketOn(b, doctor.client.cookie!);
    const bystander = await socketOn(b, master.client.cookie!);
    const res = await master.client.put(`/api/admin/users/${doctor.id}`, {
      role: 'admin_assistant',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await within(closed)).toBe('io server disconnect');
    expect(socket.connected).toBe(false);
    expect(bystander.socket.connected).toBe(true);
  });
});
