import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { applications, documents, payments, queueEntries } from '../db/schema/index.js';
import { LEASE_MS } from '../modules/mail/mailer.js';
import { RECONCILE_AFTER_MS, reconcileStalePayments } from '../modules/payments/reconcile.js';
import { LocalBlobStore } from '../storage/blob-store.js';
import { ORPHAN_AGE_MS, storageKeyTables, sweepOrphanBlobs } from '../storage/orphan-sweep.js';
import { AuthnetStandIn, STAND_IN_CREDENTIALS } from '../test/authnet-stand-in.js';
import { pdfBytes } from '../test/files.js';
import { goodPayment, validRegistration } from '../test/fixtures.js';
import { adminUrl, databaseUrlFor } from '../test/pg-urls.js';
import { HttpClient, startPartialUpload, startServer } from '../test/server-process.js';
import { SmtpSink } from '../test/smtp-sink.js';

// Issue 10's fault suite: the built server in production mode, killed with SIGKILL during
// uploads and payments, started again on the same data. After the restart nothing
// half-written is visible, every payment ends paid or failed once reconciled, no orphaned
// blob survives the sweep, and the next payment works. Reconciliation and the sweep run here
// against the same database and DATA_DIR with a clock moved forward, as the server would run
// them once the time had passed; no production setting shortens their ages.

const KEY = randomBytes(32).toString('base64');
const AUTHNET = {
  AUTHNET_API_LOGIN_ID: STAND_IN_CREDENTIALS.apiLoginId,
  AUTHNET_TRANSACTION_KEY: STAND_IN_CREDENTIALS.transactionKey,
  AUTHNET_SIGNATURE_KEY: randomBytes(32).toString('hex'),
};
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});
// Production sends mail (issue 13): a real SMTP server receives it.
const mail = new SmtpSink();
beforeAll(async () => {
  await mail.start();
  cleanups.push(() => mail.stop());
});

/**
 * Every patient's address confirmation, queued with the account, arrives in the end: mail
 * jobs outlive a kill -9 (sent at least once, by whichever start finds them due).
 */
async function expectConfirmationsDelivered(world: World) {
  // A job claimed by the killed server waits out its lease first.
  const deadline = Date.now() + LEASE_MS + 30_000;
  for (const p of world.patients)
    await mail.waitFor(
      p.email,
      (m) => m.subject.startsWith('Confirm your email'),
      Math.max(1_000, deadline - Date.now()),
    );
}

interface World {
  env: Record<string, string>;
  dataDir: string;
  /** Bytes of every upload that completed, by file name. */
  uploaded: Map<string, Buffer>;
  patients: { client: HttpClient; email: string }[];
}

async function newWorld(databaseUrl?: string): Promise<World> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'okmmj-faults-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return {
    dataDir,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DOCUMENT_ENCRYPTION_KEY: KEY,
      PAYMENT_PROVIDER: 'simulator',
      SMTP_URL: mail.url,
      ICE_ALLOW_NO_TURN: 'true',
      // Production refuses to start without it while no master admin exists (issue 21).
      ADMIN_SETUP_TOKEN: randomBytes(24).toString('hex'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    uploaded: new Map(),
    patients: [],
  };
}

async function createDatabase(): Promise<string> {
  const url = process.env.DATABASE_URL!;
  const name = `okmmj_faults_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const drop = new pg.Client({ connectionString: adminUrl(url) });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  });
  return databaseUrlFor(url, name);
}

/** Polls the database until some payment is pending (its charge under way). */
async function untilPending(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let i = 0; i < 2000; i++) {
      const r = await client.query("select 1 from payments where status = 'pending' limit 1");
      if (r.rowCount) return;
    }
  } finally {
    await client.end();
  }
}

async function register(world: World, base: string) {
  const client = new HttpClient(base);
  const body = validRegistration();
  const res = await client.post('/api/register', body);
  expect(res.status, await res.clone().text()).toBe(201);
  const patient = { client, email: body.email as string };
  world.patients.push(patient);
  return patient;
}

async function uploadWhole(world: World, client: HttpClient) {
  const name = `doc-${randomBytes(4).toString('hex')}.pdf`;
  const bytes = pdfBytes(name, 200_000);
  const form = new FormData();
  form.append('category', 'government_id');
  form.append('document', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const res = await client.post('/api/patient/upload-document', form);
  expect(res.status, await res.clone().text()).toBe(201);
  world.uploaded.set(name, bytes);
}

const blobCount = (dataDir: string) => {
  const root = path.join(dataDir, 'files');
  let n = 0;
  try {
    for (const d of readdirSync(root)) n += readdirSync(path.join(root, d)).length;
  } catch {}
  return n;
};

/** Uploads cut off mid-file; resolves once their partial blobs are on disk. */
async function startCutUploads(world: World, count: number) {
  const before = blobCount(world.dataDir);
  for (const p of world.patients.slice(0, count))
    await startPartialUpload(p.client.base, p.client.cookie, pdfBytes('cut', 3_000_000), 1_500_000);
  for (let i = 0; i < 100 && blobCount(world.dataDir) < before + count; i++)
    await new Promise((r) => setTimeout(r, 20));
  // The kill lands while these partial blobs are on disk.
  expect(blobCount(world.dataDir)).toBe(before + count);
  return count;
}

/** Reconciliation and the sweep, as the server runs them once enough time has passed. */
async function upkeepLater(world: World, cut = 0, env: Record<string, string> = world.env) {
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: world.dataDir });
  try {
    const app = await buildApp({
      config,
      database,
      now: () => Date.now() + RECONCILE_AFTER_MS + 60_000,
    });
    const left = await database.db.select({ status: payments.status }).from(payments);
    const pending = left.filter((p) => p.status === 'pending').length;
    const reconciled = await reconcileStalePayments(app.ctx);
    console.log(
      `after kill -9: ${left.length} payments, ${pending} pending → reconciled ${JSON.stringify(reconciled)}`,
    );
    const swept = await sweepOrphanBlobs({
      db: database.db,
      blobs: app.ctx.blobs,
      now: () => Date.now() + ORPHAN_AGE_MS + 60_000,
    });
    await app.close();
    expect(swept.deleted).toBe(cut);
    return { swept, database, pending };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** Nothing half-written visible, every payment resolved, every blob named. */
async function expectConsistent(world: World, db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const all = await db.select().from(payments);
  expect(all.filter((p) => p.status === 'pending')).toEqual([]);
  for (const p of all.filter((x) => x.status === 'authorized')) {
    const [app] = await db
      .select()
      .from(applications)
      .where(inArray(applications.id, [p.applicationId]));
    expect(app!.paymentStatus).toBe('authorized');
  }
  // Payment queues only with the intake and the dispensary statement, and reconciliation never
  // queues (issue 11): every entry has its statement and a held fee behind it.
  for (const entry of await db.select().from(queueEntries)) {
    expect(entry.dispensaryStatement).toBeTruthy();
    const [app] = await db
      .select()
      .from(applications)
      .where(inArray(applications.id, [entry.applicationId]));
    expect(app!.paymentStatus).toBe('authorized');
  }
  // Every stored blob is named by a row.
  const named = new Set<string>();
  for (const table of await storageKeyTables(db)) {
    const r = (await db.execute(
      sql`select storage_key from ${sql.identifier(table)}`,
    )) as unknown as { rows: { storage_key: string }[] };
    for (const row of r.rows) named.add(row.storage_key);
  }
  const store = new LocalBlobStore(path.join(world.dataDir, 'files'), Buffer.from(KEY, 'base64'));
  for await (const blob of store.list()) expect(named.has(blob.key), blob.key).toBe(true);
  // No document row without its file.
  for (const d of await db.select().from(documents)) expect(named.has(d.storageKey)).toBe(true);
}

/** Every document a patient sees is whole and decrypts to what was uploaded. */
async function expectDocumentsWhole(world: World) {
  for (const p of world.patients) {
    const list = await p.client.get('/api/patient/documents');
    expect(list.status).toBe(200);
    for (const doc of (await list.json()) as { id: string; name: string; size: number }[]) {
      const expected = world.uploaded.get(doc.name);
      expect(expected, `listed ${doc.name} was never fully uploaded`).toBeDefined();
      const view = await p.client.get(`/api/patient/documents/${doc.id}/view`);
      expect(view.status).toBe(200);
      expect(Buffer.from(await view.arrayBuffer()).equals(expected!)).toBe(true);
    }
  }
}

/** The next payment works for everyone: paid once, or paid now. */
async function expectNextPaymentWorks(world: World) {
  for (const p of world.patients) {
    const res = await p.client.post('/api/process-payment', goodPayment());
    expect(res.status, await res.clone().text()).toBe(200);
  }
}

describe.skipIf(!process.env.DATABASE_URL)('kill -9 on PostgreSQL', () => {
  it('during uploads and a burst of simulator payments, three rounds', async () => {
    let pendingAtKill = 0;
    const world = await newWorld(await createDatabase());
    for (let round = 0; round < 3; round++) {
      const server = await startServer(world.env);
      cleanups.push(() => server.kill9());
      for (let i = 0; i < 5; i++) await register(world, server.url);
      for (const p of world.patients) {
        p.client.base = server.url;
        await uploadWhole(world, p.client);
      }
      const cut = await startCutUploads(world, 2);
      // A burst of payments from patients who have not paid yet, one with a declined card.
      const unpaid = world.patients.slice(-5);
      const burst = unpaid.map((p, i) =>
        p.client
          .post(
            '/api/process-payment',
            goodPayment(i === 0 ? { cardNumber: '4000 0000 0000 0002' } : {}),
          )
          .catch(() => null),
      );
      // Killed the moment a charge is under way (a payment pending), not at a random time.
      await untilPending(world.env.DATABASE_URL!);
      await server.kill9();
      await Promise.all(burst);

      const restarted = await startServer(world.env);
      cleanups.push(() => restarted.kill9());
      for (const p of world.patients) p.client.base = restarted.url;
      await expectDocumentsWhole(world);
      const { database, pending } = await upkeepLater(world, cut);
      pendingAtKill += pending;
      try {
        await expectConsistent(world, database.db);
      } finally {
        await database.close();
      }
      await expectNextPaymentWorks(world);
      await restarted.kill9();
    }
    // The rounds did kill mid-payment: reconciliation had something to resolve.
    expect(pendingAtKill).toBeGreaterThan(0);
    const last = await startServer(world.env);
    cleanups.push(() => last.kill9());
    await expectConfirmationsDelivered(world);
    await last.kill9();
  }, 240_000);

  it('exactly mid-charge at Authorize.Net: reconciliation finds the charge and the payment is paid', async () => {
    const standIn = await new AuthnetStandIn().start();
    cleanups.push(() => standIn.close());
    const { ledger } = standIn;
    standIn.mode = 'charge-then-hang';
    const world = await newWorld(await createDatabase());
    world.env = {
      ...world.env,
      PAYMENT_PROVIDER: 'authorize_net',
      ...AUTHNET,
      AUTHNET_ENDPOINT: standIn.endpoint,
    };
    const server = await startServer(world.env);
    cleanups.push(() => server.kill9());
    const patient = await register(world, server.url);
    const paying = patient.client.post('/api/process-payment', goodPayment()).catch(() => null);
    for (let i = 0; i < 200 && ledger.length === 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(ledger).toHaveLength(1); // the processor charged; its answer is held
    await server.kill9();
    await paying;
    standIn.releaseHeld();

    standIn.mode = 'approve';
    const restarted = await startServer(world.env);
    cleanups.push(() => restarted.kill9());
    patient.client.base = restarted.url;
    const { database } = await upkeepLater(world);
    try {
      const [row] = await database.db.select().from(payments);
      expect(row).toMatchObject({
        status: 'authorized',
        providerTransactionId: ledger[0]!.transId,
      });
      await expectConsistent(world, database.db);
    } finally {
      await database.close();
    }
    const again = await patient.client.post('/api/process-payment', goodPayment());
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ alreadyPaid: true });
    expect(ledger).toHaveLength(1);
    const next = await register(world, restarted.url);
    const res = await next.client.post('/api/process-payment', goodPayment());
    expect(res.status, await res.clone().text()).toBe(200);
    await restarted.kill9();
  }, 60_000);
});

describe('kill -9 on PGlite', () => {
  it('one round: the embedded database restarts clean, documents whole, orphans swept, payments work', async () => {
    const world = await newWorld();
    const server = await startServer(world.env);
    cleanups.push(() => server.kill9());
    for (let i = 0; i < 2; i++) await register(world, server.url);
    for (const p of world.patients) await uploadWhole(world, p.client);
    const cut = await startCutUploads(world, 1);
    const paying = world.patients[0]!.client.post('/api/process-payment', goodPayment()).catch(
      () => null,
    );
    await new Promise((r) => setTimeout(r, 10));
    await server.kill9();
    await paying;

    const restarted = await startServer(world.env);
    for (const p of world.patients) p.client.base = restarted.url;
    await expectDocumentsWhole(world);
    // PGlite is one process's: upkeep runs with the server stopped, then it starts again.
    await restarted.stop();
    const { database } = await upkeepLater(world, cut);
    try {
      await expectConsistent(world, database.db);
    } finally {
      await database.close();
    }
    const again = await startServer(world.env);
    cleanups.push(() => again.kill9());
    for (const p of world.patients) p.client.base = again.url;
    await expectNextPaymentWorks(world);
    await expectConfirmationsDelivered(world);
    await again.stop();
  }, 180_000);
});
