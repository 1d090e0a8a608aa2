import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { pdfFile, registerAndPay, SCREENSHOT_DIR, type TestPatient, uniqueEmail } from '../support';
import {
  drawOnWhiteboard,
  expectFramesRising,
  inkedPixels,
  probeRecording,
} from '../video/call-support';
import { launchBrowserIn, openClinicPage } from './browsers';
import { type ClinicLab, nodeMetrics, startClinicLab } from './clinic-lab';
import { openClinicWithDoctor } from './clinic-staff';
import { pageApi, pageGet } from './page-api';

// Two app nodes behind the recipe's nginx (issue 14), sharing PostgreSQL, Redis and one S3
// bucket (clinic-lab.ts). nginx keeps each browser on one node by its address, so the patient
// (namespace A) is served by one node and the physician (namespace B) by the other: the queue,
// the announcement, the call, chat, the whiteboard and a recording cross the nodes. Then the
// patient's node gets SIGTERM mid-call and mid-upload: the patient's socket reconnects through
// nginx to the other node, the call carries on, and the upload completes or fails cleanly and
// can be sent again.

test.describe.configure({ mode: 'serial' });

let clinic: ClinicLab;
let patient: Page;
let doctor: Page;
/** Index in clinic.nodes of the node serving each browser. */
let patientNode: number;
let doctorNode: number;

const person: TestPatient = {
  firstName: 'Jordan',
  lastName: `Twonodes${Math.random().toString(36).slice(2, 6)}`,
  email: uniqueEmail('e2e-cluster'),
  password: 'two-nodes-pass-2026',
};
const fullName = `${person.firstName} ${person.lastName}`;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  clinic = await startClinicLab('two-node-lab', { nodes: 2, s3: true });
});

test.afterAll(async () => {
  await clinic?.lab.teardown();
});

/** The socket.io connections each node holds now (its realtime_sockets figure). */
const socketsPerNode = () =>
  clinic.nodes.map((node) =>
    node.process.child.exitCode === null
      ? (nodeMetrics(clinic, node.port).get('realtime_sockets') ?? 0)
      : 0,
  );

const totalSockets = () => socketsPerNode().reduce((a, b) => a + b);

const callStatus = (page: Page) => page.locator('[data-status]').first();

async function expectInCall(page: Page) {
  await expect(callStatus(page)).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
}

async function chatCrosses(from: Page, to: Page, text: string) {
  await from.getByRole('textbox', { name: 'Message' }).fill(text);
  await from.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(to.getByText(text)).toBeVisible();
}

test('the patient and the physician are served by different nodes; the queue crosses them', async () => {
  test.setTimeout(300_000);
  patient = await openClinicPage(await launchBrowserIn(clinic.lab, clinic.a));
  await registerAndPay(pageApi(patient), person);
  await patient.goto('/patient/queue');
  await expect(patient.getByTestId('queue-wait')).toHaveText('No physician on duty');
  await expect.poll(totalSockets, { timeout: 30_000 }).toBe(1);
  patientNode = socketsPerNode().indexOf(1);

  doctor = await openClinicWithDoctor(await launchBrowserIn(clinic.lab, clinic.b));
  await doctor.goto('/doctor/dashboard');
  await expect(doctor.getByRole('status').filter({ hasText: 'Online' })).toBeVisible();
  await expect.poll(totalSockets, { timeout: 30_000 }).toBe(2);
  doctorNode = 1 - patientNode;
  expect(
    socketsPerNode(),
    "nginx's hash put both browsers on one node: give B another address (clinic-lab.ts)",
  ).toEqual(clinic.nodes.map(() => 1));

  // The doctor came on duty on the other node: the patient's page says so at once, and so
  // does the patient's own node when asked.
  await expect(patient.getByTestId('queue-wait')).toHaveText(/^\d+\s*min$/);
  await patient.reload();
  await expect(patient.getByTestId('queue-wait')).toHaveText(/^\d+\s*min$/);
  await expect(doctor.getByRole('row').filter({ hasText: fullName })).toBeVisible();
});

test('the announcement, the call, chat, the whiteboard and a recording cross the nodes', async () => {
  test.setTimeout(600_000);
  const queueRow = doctor.getByRole('row').filter({ hasText: fullName });
  await queueRow.getByRole('button', { name: `Start consultation with ${fullName}` }).click();
  await expect(doctor).toHaveURL(/\/video-call\/[\w-]+\?role=doctor/);
  const roomId = new URL(doctor.url()).pathname.split('/').pop()!;

  // On the queue page, Join Video Call becomes a link to the room once it is announced.
  const join = patient.getByRole('link', { name: 'Join Video Call' });
  await expect(join).toBeVisible({ timeout: 30_000 });
  await join.click();
  await expect(patient).toHaveURL(new RegExp(`/video-call/${roomId}\\?role=patient`));
  await expectInCall(doctor);
  await expectInCall(patient);
  await expectFramesRising(patient, 'patient receives the doctor', 90_000);
  await expectFramesRising(doctor, 'doctor receives the patient', 90_000);

  for (const page of [doctor, patient]) await page.getByRole('button', { name: 'Chat' }).click();
  await chatCrosses(doctor, patient, 'Good afternoon from the other node');
  await chatCrosses(patient, doctor, 'Loud and clear');
  for (const page of [doctor, patient]) await page.getByRole('button', { name: 'Chat' }).click();

  await doctor.getByRole('button', { name: 'Whiteboard' }).click();
  await expect(patient.locator('canvas[data-whiteboard]')).toBeVisible();
  await drawOnWhiteboard(doctor);
  await expect.poll(() => inkedPixels(patient), { timeout: 30_000 }).toBeGreaterThan(50);
  await doctor.getByRole('button', { name: 'Close whiteboard' }).click();
  await expect(patient.locator('canvas[data-whiteboard]')).toBeHidden();

  // The consent asked on one node is answered on the other; each side's chunks go up through
  // its own node into the one bucket.
  await doctor.getByRole('button', { name: 'Start recording' }).click();
  const consent = patient.getByRole('alertdialog', { name: 'Record this consultation?' });
  await consent.getByRole('button', { name: 'Allow recording' }).click();
  for (const page of [doctor, patient])
    await expect(page.getByRole('status').filter({ hasText: 'Recording' })).toBeVisible();
  await expectFramesRising(doctor, 'doctor while recording', 90_000);
  await doctor.waitForTimeout(8_000); // a few 3-second chunks
  await doctor.getByRole('button', { name: 'Stop recording' }).click();
  for (const page of [doctor, patient])
    await expect(page.getByRole('status').filter({ hasText: 'Recording' })).toBeHidden();

  // The doctor's node serves both files, the patient's too, which the other node stored.
  type Recording = { id: string; roomId: string; userName: string; status: string };
  let files: Recording[] = [];
  await expect
    .poll(
      async () => {
        const all = (await pageGet(doctor, '/api/admin/recordings')).json as Recording[];
        files = all.filter((f) => f.roomId === roomId);
        return files.filter((f) => f.status === 'complete').length;
      },
      { timeout: 60_000 },
    )
    .toBe(2);
  for (const file of files) {
    const download = await pageGet(doctor, `/api/admin/recordings/${file.id}/download`);
    expect(download.status).toBe(200);
    const probed = probeRecording(download.bytes);
    expect(probed.format).toContain('webm');
    expect(probed.videoFrames, `${file.userName}'s recording`).toBeGreaterThan(5);
  }
});

test("the patient's node stops mid-call and mid-upload: the call carries on through the other", async () => {
  test.setTimeout(600_000);
  const stopping = clinic.nodes[patientNode]!;
  const { applicationId } = (await pageGet(patient, '/api/queue/status')).json as {
    applicationId: string;
  };

  // Two medical records go up from two more tabs, throttled: one needs about 8 s, within the
  // 18 s a stopping node grants; the other about 45 s, so the node cuts it off.
  const quick = await startUpload('quick.pdf', 2 * MB, 256 * 1024, applicationId);
  const slow = await startUpload('slow.pdf', 3 * MB, 64 * 1024, applicationId);
  // The call's two pages and the two uploading tabs each hold a socket.
  const socketsBefore = 4;
  await expect.poll(totalSockets, { timeout: 30_000 }).toBe(socketsBefore);
  quick.send();
  slow.send();
  // Both must be on their way to the stopping node at the signal. Sending a file from a tab
  // takes a while on a loaded machine (it crosses the DevTools protocol first), so wait for
  // the browser to send each request, then for its first seconds of bytes.
  await Promise.all([quick.started, slow.started]);
  await patient.waitForTimeout(2_000);

  const signalledAt = Date.now();
  stopping.process.child.kill('SIGTERM');
  const code = await stopping.process.exited;
  const stoppedIn = Date.now() - signalledAt;
  expect(code, clinic.lab.tail(stopping.process)).toBe(0);
  expect(stoppedIn).toBeLessThan(25_000);

  // Both were in flight at the signal. The quick one completed on the stopping node; the slow
  // one failed with an answer, stored nothing, and goes up again through the other node.
  const [quickDone, slowDone] = [await quick.outcome, await slow.outcome];
  expect(quickDone.at).toBeGreaterThan(signalledAt);
  expect(quickDone.status).toBe(201);
  expect(slowDone.at).toBeGreaterThan(signalledAt);
  // nginx's 502 once the node drops the connection, or the connection itself cut (0).
  expect(slowDone.status === 0 || slowDone.status >= 500, `answered ${slowDone.status}`).toBe(true);
  const records = async () =>
    (
      (await pageGet(patient, `/api/applications/${applicationId}/documents`)).json as {
        id: string;
        type: string;
        fileName: string;
      }[]
    ).filter((d) => d.type === 'medical_records');
  expect((await records()).map((d) => d.fileName)).toEqual(['quick.pdf']);
  await slow.unthrottle();
  slow.send();
  expect((await slow.outcome).status).toBe(201);
  const stored = await records();
  expect(stored.map((d) => d.fileName).sort()).toEqual(['quick.pdf', 'slow.pdf']);
  // Each reads back byte for byte through the node still serving, from the shared bucket.
  for (const { id, fileName } of stored) {
    const viewed = await pageGet(patient, `/api/patient/documents/${id}/view`);
    expect(viewed.status).toBe(200);
    const sent = fileName === 'quick.pdf' ? quick.file : slow.file;
    expect(sha256(viewed.bytes), fileName).toBe(sha256(sent.buffer));
  }

  // The patient's socket is on the node still serving; the call never stopped.
  await expect
    .poll(socketsPerNode, { timeout: 30_000 })
    .toEqual(clinic.nodes.map((_, i) => (i === doctorNode ? socketsBefore : 0)));
  await expectInCall(patient);
  await expectInCall(doctor);
  await expectFramesRising(patient, 'patient after the node stopped', 90_000);
  await expectFramesRising(doctor, 'doctor after the node stopped', 90_000);
  for (const page of [doctor, patient]) await page.getByRole('button', { name: 'Chat' }).click();
  await chatCrosses(patient, doctor, 'Still here after the restart');
  await patient.screenshot({ path: `${SCREENSHOT_DIR}/cluster-patient-after-failover.png` });
  await doctor.screenshot({ path: `${SCREENSHOT_DIR}/cluster-doctor-after-failover.png` });

  // The physician ends the consultation: the patient, now on the doctor's node, is told.
  await doctor.getByRole('button', { name: 'End consultation' }).click();
  await doctor
    .getByRole('alertdialog', { name: 'End this consultation?' })
    .getByRole('button', { name: 'End consultation' })
    .click();
  for (const page of [doctor, patient])
    await expect(page.getByRole('heading', { name: 'The consultation has ended' })).toBeVisible();
});

const MB = 1024 * 1024;

/**
 * A tab of the patient's that uploads a medical record of `size` bytes at `bytesPerSecond`
 * (Chromium's own throttling, through the DevTools protocol). `send` starts it, `started` says
 * the browser sent it; `outcome` is the answer's status (0 when the connection failed) and
 * when it came.
 */
async function startUpload(
  name: string,
  size: number,
  bytesPerSecond: number,
  applicationId: string,
) {
  const tab = await patient.context().newPage();
  await tab.goto('/patient/dashboard');
  const cdp = await patient.context().newCDPSession(tab);
  await cdp.send('Network.enable');
  const started = new Promise<void>((resolve) =>
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.method === 'POST' && event.request.url.endsWith('/api/documents/upload'))
        resolve();
    }),
  );
  const throttle = (uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await throttle(bytesPerSecond);
  const file = largePdf(name, size);
  const upload = {
    file,
    outcome: Promise.resolve({ status: -1, at: 0 }),
    /** The browser has sent the request (its body still going up at the throttled rate). */
    started,
    send() {
      upload.outcome = pageApi(tab)
        .post('/api/documents/upload', {
          multipart: { type: 'medical_records', applicationId, document: file },
        })
        .then(
          (res) => ({ status: res.status(), at: Date.now() }),
          () => ({ status: 0, at: Date.now() }),
        );
    },
    unthrottle: () => throttle(-1),
  };
  return upload;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A real PDF padded with a comment to `size` bytes (the server checks the content's type). */
function largePdf(name: string, size: number) {
  const { buffer, mimeType } = pdfFile(name);
  const header = '%PDF-1.4\n%';
  const body = buffer.subarray(header.length - 1);
  const padding = Buffer.alloc(size - header.length - 1 - body.length, 'x');
  const parts = [Buffer.from(header), padding, Buffer.from('\n'), body];
  return { name, mimeType, buffer: Buffer.concat(parts) };
}
