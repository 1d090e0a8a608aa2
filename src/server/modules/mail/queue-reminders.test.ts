import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { queuedPatient } from '../../test/journey-patients.js';
import { linkTo, type ReceivedMail, SmtpSink } from '../../test/smtp-sink.js';
import { listeningApp, Peer, type PeerEnv, settle } from '../../test/socket-peer.js';
import { MAIL_PATHS } from './messages.js';

// The queue reminders (issue 13) through a listening app, a doctor's real socket (doctors on
// duty are the connected ones) and a real SMTP server: "a physician is now on duty" to the
// patients waiting when none was, "you're next" to places 1 and 2 while one is, each once per
// event, nothing for a patient who turned them off, and nothing while no physician is on duty.

const NEXT = "You're next in line";
const ON_DUTY = 'A physician is now on duty';

let sink: SmtpSink;
let t: TestApp;
let env: PeerEnv;
let clock = Date.now();
let doctor: Awaited<ReturnType<typeof signedInAs>>;
type Queued = Awaited<ReturnType<typeof queuedPatient>>;
const line: Queued[] = [];

beforeAll(async () => {
  sink = await new SmtpSink().start();
  t = await createTestApp({
    poolSize: 5,
    now: () => clock,
    config: { SMTP_URL: sink.url, PUBLIC_URL: 'https://clinic.example' },
  });
  env = await listeningApp(t);
  doctor = await signedInAs(t.app, 'doctor');
});
afterAll(async () => {
  for (const s of env?.sockets ?? []) s.close();
  await t?.close();
  await sink.stop();
});

/** Lets the queue's rebuild and the reminder checks finish, then sends what is due (twice). */
async function deliver(): Promise<void> {
  await settle(100);
  await t.app.ctx.queue.waitingCount();
  await t.app.ctx.queueReminders.idle();
  await t.app.ctx.mail.deliverDue();
  await t.app.ctx.mail.deliverDue();
}

/** The reminders a patient received (every queued patient also got a payment receipt). */
const subjectsOf = (p: Queued) =>
  sink
    .to(p.email)
    .map((m: ReceivedMail) => m.subject)
    .filter((s) => s === NEXT || s === ON_DUTY);

/** Delivers until every patient's subjects are as expected (the socket's arrival is async). */
async function expectSubjects(expected: [Queued, string[]][]) {
  await expect
    .poll(async () => {
      await deliver();
      return expected.map(([p]) => subjectsOf(p).sort());
    })
    .toEqual(expected.map(([, subjects]) => [...subjects].sort()));
}

async function signInFromLink(email: string): Promise<Client> {
  const client = new Client(t.app);
  const login = await client.post('/api/login', { email, password: PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  return client;
}

describe('queue reminders', () => {
  it('say nothing while no physician is on duty', async () => {
    for (let i = 0; i < 4; i++) line.push(await queuedPatient(t.app));
    // The fourth turned the reminders off.
    const off = await line[3]!.client.put('/api/patient/notifications', { queueReminders: false });
    expect(off.statusCode, off.body).toBe(200);
    await deliver();
    for (const p of line) expect(subjectsOf(p)).toEqual([]);
  });

  it('a doctor comes on duty: places 1 and 2 hear they are next, the others that a physician is on duty', async () => {
    const tab = await new Peer(doctor.client, env).connected();
    const [first, second, third, optedOut] = line as [Queued, Queued, Queued, Queued];
    await expectSubjects([
      [first, [NEXT]],
      [second, [NEXT]],
      [third, [ON_DUTY]],
    ]);
    // The patient who turned reminders off got none.
    expect(subjectsOf(optedOut)).toEqual([]);

    // The links: the queue page, where the signed-in patient sees their place and the physician.
    const onDuty = sink.to(third.email).find((m) => m.subject === ON_DUTY)!;
    linkTo(onDuty, MAIL_PATHS.queue);
    const status = (await (await signInFromLink(third.email)).get('/api/queue/status')).json();
    expect(status).toMatchObject({ position: 3, status: 'waiting', physicianOnDuty: true });
    const next = sink.to(first.email).find((m) => m.subject === NEXT)!;
    linkTo(next, MAIL_PATHS.queue);
    const firstStatus = (await (await signInFromLink(first.email)).get('/api/queue/status')).json();
    expect(firstStatus).toMatchObject({ position: 1, physicianOnDuty: true });

    // A second tab, and a reload of the first, are not a new duty: nothing more is sent.
    const tab2 = await new Peer(doctor.client, env).connected();
    tab.socket.close();
    await settle(200);
    const reloaded = await new Peer(doctor.client, env).connected();
    await deliver();
    expect(subjectsOf(first).filter((s) => s === NEXT)).toHaveLength(1);
    expect(subjectsOf(third).filter((s) => s === ON_DUTY)).toHaveLength(1);
    tab2.socket.close();
    reloaded.socket.close();
  });

  it('as the line moves, the patient reaching place 2 hears once; one who opted out does not', async () => {
    const [first, second, third, optedOut] = line as [Queued, Queued, Queued, Queued];
    await new Peer(doctor.client, env).connected();
    const start = await doctor.client.post('/api/admin/start-consultation', {
      queueId: first.queueId,
    });
    expect(start.statusCode, start.body).toBe(200);
    await expectSubjects([[third, [ON_DUTY, NEXT]]]);
    // The second moved to place 1: told already, not again.
    expect(subjectsOf(second).filter((s) => s === NEXT)).toHaveLength(1);

    const startSecond = await doctor.client.post('/api/admin/start-consultation', {
      queueId: second.queueId,
    });
    expect(startSecond.statusCode, startSecond.body).toBe(200);
    await deliver();
    expect(subjectsOf(third).filter((s) => s === NEXT)).toHaveLength(1);
    expect(subjectsOf(optedOut)).toEqual([]);
    for (const s of env.sockets) s.close();
  });

  it('after a break, a new duty tells only the patients who had not heard of one today', async () => {
    const [, , third] = line as [Queued, Queued, Queued];
    await expect.poll(async () => (await t.app.ctx.realtime.doctorSockets()).length).toBe(0);
    // A patient joins while nobody is on duty: waiting at place 3 (the third and fourth ahead).
    const late = await queuedPatient(t.app);
    await deliver();
    expect(subjectsOf(late)).not.toContain(ON_DUTY);
    clock += 5 * 60_000; // past the reload grace
    try {
      const other = await signedInAs(t.app, 'doctor');
      await new Peer(other.client, env).connected();
      await expectSubjects([[late, [ON_DUTY]]]);
      expect(subjectsOf(third).filter((s) => s === ON_DUTY)).toHaveLength(1);
    } finally {
      for (const s of env.sockets) s.close();
    }
  });

  it('a draining node checks no more: a duty beginning there tells nobody', async () => {
    await expect.poll(async () => (await t.app.ctx.realtime.doctorSockets()).length).toBe(0);
    const waiting = await queuedPatient(t.app);
    clock += 5 * 60_000; // past the reload grace: a new duty, as in the test before
    t.app.ctx.queueReminders.stop(); // what the drain does (main.ts stopTimers)
    const other = await signedInAs(t.app, 'doctor');
    await new Peer(other.client, env).connected();
    await settle(300);
    await deliver();
    expect(subjectsOf(waiting)).toEqual([]);
  });
});
