import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import config from '../playwright.config';
import {
  approveRequiredDocumentsByApi,
  checkScreen,
  completeIntakeByApi,
  fromOwnAddress,
  openConsoleArea,
  registrationBody,
  signIn,
  type TestPatient,
  toastTitled,
  uniqueEmail,
} from './support';

// Issue 4 part B: after a consultation the admin assistant follows up (Start Collection, Mark
// Documents Collected) and the patient's application moves; an operations admin adds a keyword
// and stores the transcription through the three-step workflow, then downloads its PDF; the
// master admin finds the note in Search Notes; /video-demo checks real (fake) devices. Every
// screen passes axe and is saved at 360 px and 1280 px.

test.describe.configure({ mode: 'serial' });

// Chromium's fake camera and microphone, granted without a prompt, for the device check.
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

const DEMO_PASSWORD = 'demo-pass-2026';
const KEYWORD = 'sleep hygiene';
const SUMMARY_WORD = 'neuropathy';

const patient: TestPatient = {
  firstName: 'Morgan',
  lastName: 'Followup',
  email: uniqueEmail('e2e-follow-up'),
  password: 'follow-up-secret-pass',
};
const patientName = `${patient.firstName} ${patient.lastName}`;
const PHONE = '405-555-0188';

let patientApi: APIRequestContext;
let consultationId = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  // The patient registers and pays, with their own cookie jar.
  patientApi = await playwright.request.newContext({ baseURL });
  const registered = await patientApi.post('/api/register', {
    headers: fromOwnAddress(),
    data: { ...registrationBody(patient), phone: PHONE },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await completeIntakeByApi(patientApi); // the intake the queue requires (issue 11)
  const paid = await patientApi.post('/api/process-payment', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      amount: '137.30',
      cardNumber: '4242 4242 4242 4242',
      expiryDate: '12/39',
      cvv: '123',
      billingName: patientName,
      applicationType: 'new',
      hasReducedFee: false,
      paymentMethod: 'credit',
      consent: true,
      stateApplicationAuthorized: true,
      notAtDispensary: true,
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const queueId: string = (await paid.json()).queue.id;

  // The demo doctor sees the patient and approves the recommendation.
  const doctor = await playwright.request.newContext({ baseURL });
  const login = await doctor.post('/api/login', {
    data: { email: 'doctor@demo.test', password: DEMO_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const started = await doctor.post('/api/admin/start-video-call', { data: { queueId } });
  expect(started.status(), await started.text()).toBe(200);
  consultationId = (await started.json()).consultation.id;
  const ended = await doctor.post('/api/admin/end-consultation', { data: { queueId } });
  expect(ended.status(), await ended.text()).toBe(200);
  await approveRequiredDocumentsByApi(doctor, (await started.json()).consultation.patientId);
  const outcome = await doctor.post(`/api/admin/consultations/${consultationId}/outcome`, {
    data: { approved: true, identityVerified: true },
  });
  expect(outcome.status(), await outcome.text()).toBe(200);
  await doctor.dispose();
});

test.afterAll(async () => {
  await patientApi?.dispose();
});

async function openTab(page: Page, email: string, tab: string) {
  await signIn(page, email, DEMO_PASSWORD);
  await openConsoleArea(page, tab);
  await expect(page.getByRole('heading', { name: tab, level: 1 })).toBeVisible();
}

test('the admin assistant follows up and marks the documents collected', async ({ page }) => {
  await openTab(page, 'assistant@demo.test', 'Post-Consultation');
  const item = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: patientName }),
  });
  await expect(item).toBeVisible();
  await expect(item.getByText('Approved', { exact: true })).toBeVisible();
  await expect(item.getByText('Completed', { exact: true })).toBeVisible();
  await expect(item.getByRole('link', { name: patient.email })).toHaveAttribute(
    'href',
    `mailto:${patient.email}`,
  );
  await expect(item.getByRole('link', { name: /Call Patient/ })).toHaveAttribute(
    'href',
    'tel:4055550188',
  );
  await checkScreen(page, 'post-consultation');

  await item.getByRole('button', { name: 'Start Collection' }).click();
  await expect(toastTitled(page, 'Document collection started')).toBeVisible();
  await expect(item.getByText('Collecting documents')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Start Collection' })).toHaveCount(0);

  await item.getByRole('button', { name: 'Mark Documents Collected' }).click();
  await expect(toastTitled(page, 'Status Updated')).toBeVisible();
  await expect(item.getByText('Documents collected', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Mark Documents Collected' })).toHaveCount(0);

  const apps = await patientApi.get('/api/applications');
  expect(apps.status()).toBe(200);
  expect((await apps.json())[0].status).toBe('documents_collected');
});

test('an operations admin manages keywords', async ({ page }) => {
  await openTab(page, 'operations@demo.test', 'Keyword Manager');
  await expect(page.getByText('No keywords yet. Add the first one above.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Keyword' }).click();
  await expect(page.getByLabel('Keyword', { exact: true })).toHaveAccessibleDescription(
    'Keyword must be at least 2 characters',
  );
  await expect(page.getByLabel('Keyword', { exact: true })).toBeFocused();

  await page.getByLabel('Keyword', { exact: true }).fill(KEYWORD);
  await page.getByLabel('Category (optional)').fill('Lifestyle');
  await page.getByRole('button', { name: 'Add Keyword' }).click();
  await expect(toastTitled(page, 'Keyword Added')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: KEYWORD });
  await expect(row).toBeVisible();

  // A duplicate is refused with the server's message on the field.
  await page.getByLabel('Keyword', { exact: true }).fill('Sleep  Hygiene');
  await page.getByRole('button', { name: 'Add Keyword' }).click();
  await expect(page.getByLabel('Keyword', { exact: true })).toHaveAccessibleDescription(
    'That keyword is already in the list',
  );

  // Inline edit, then a second keyword removed after the confirm.
  await row.getByRole('button', { name: `Edit ${KEYWORD}` }).click();
  const editCategory = page
    .getByRole('form', { name: `Edit keyword ${KEYWORD}` })
    .getByLabel('Category (optional)');
  await editCategory.fill('Sleep');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toastTitled(page, 'Keyword Updated')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: KEYWORD })).toContainText('Sleep');

  await page.getByLabel('Keyword', { exact: true }).fill('temporary term');
  await page.getByRole('button', { name: 'Add Keyword' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'temporary term' })).toBeVisible();
  await checkScreen(page, 'keyword-manager');
  await page.getByRole('button', { name: 'Remove temporary term' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Remove "temporary term"?');
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(toastTitled(page, 'Keyword Removed')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'temporary term' })).toHaveCount(0);
});

test('an operations admin stores a transcription in three steps and downloads the PDF', async ({
  page,
}) => {
  await openTab(page, 'operations@demo.test', 'Patient Transcriptions');
  const row = page.getByRole('row').filter({ hasText: patientName });
  await expect(row.getByText('Awaiting notes').filter({ visible: true })).toBeVisible();
  await checkScreen(page, 'transcriptions');

  await row.getByRole('button', { name: `Process transcription for ${patientName}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('heading', { name: /Step 1 of 3: Copy Transcription/ }),
  ).toBeVisible();

  // Step 1: the transcript can't be skipped; a .txt file is read in the browser.
  await dialog.getByRole('button', { name: 'Next: Compile Notes' }).click();
  await expect(dialog.getByText('Transcript is required')).toBeVisible();
  await dialog.getByLabel('Upload a .txt file').setInputFiles({
    name: 'transcript.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(
      'Doctor: What brings you in today?\nPatient: Chronic pain in my lower back, and I sleep badly.\nDoctor: We will talk about sleep hygiene as well.\n',
    ),
  });
  await expect(dialog.getByRole('textbox', { name: 'Transcript' })).toHaveValue(
    /Chronic pain in my lower back/,
  );
  await checkScreen(page, 'transcription-step-1');
  await dialog.getByRole('button', { name: 'Next: Compile Notes' }).click();

  // Step 2: storage stays disabled until both the summary and the notes are filled.
  const toStorage = dialog.getByRole('button', { name: 'Next: Secure Storage' });
  await expect(toStorage).toBeDisabled();
  await dialog
    .getByLabel('Summary')
    .fill(`Chronic lower back pain with ${SUMMARY_WORD}; recommendation approved.`);
  await expect(toStorage).toBeDisabled();
  await dialog
    .getByLabel('Notes')
    .fill('Discussed dosing, sleep hygiene and follow-up in 90 days.');
  await expect(toStorage).toBeEnabled();
  await checkScreen(page, 'transcription-step-2');
  await toStorage.click();

  // Step 3: store; the dialog resets and shows what the server drew from the notes.
  await expect(dialog.getByRole('heading', { name: /Step 3 of 3: Secure Storage/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Store Securely' }).click();
  await expect(toastTitled(page, 'Transcription Stored')).toBeVisible();
  await expect(dialog.getByText('Stored securely. The form has been cleared.')).toBeVisible();
  const findings = dialog.getByRole('region', { name: 'Key findings' });
  await expect(findings.getByText('Chronic pain (G89.29)')).toBeVisible();
  await expect(findings.getByText(KEYWORD, { exact: true })).toBeVisible();
  const billing = dialog.getByRole('region', { name: 'Billable content' });
  await expect(billing.getByRole('listitem')).toHaveText(['Chronic pain (G89.29)']);
  await expect(billing).toContainText('Approved');
  await checkScreen(page, 'transcription-stored');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toHaveCount(0);

  await expect(row.getByText('Stored', { exact: true }).filter({ visible: true })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download PDF of ${patientName}'s transcription` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^transcription-.*\.pdf$/);
  const file = await download.path();
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

test('the master admin finds the note in Search Notes', async ({ page }) => {
  await openTab(page, 'master@demo.test', 'Search Notes');
  const box = page.getByLabel('Search consultation notes');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Enter words to search for')).toBeVisible();

  await box.fill(SUMMARY_WORD);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(
    page.getByRole('heading', { name: `1 note matches "${SUMMARY_WORD}"` }),
  ).toBeVisible();
  const result = page.getByRole('listitem').filter({ hasText: patientName });
  await expect(result.locator('mark').first()).toHaveText(new RegExp(SUMMARY_WORD, 'i'));
  await checkScreen(page, 'search-notes');

  await box.fill('zzzunmatchedword');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(
    page.getByRole('heading', { name: 'No notes match "zzzunmatchedword"' }),
  ).toBeVisible();
});

async function expectDeviceCheckWorking(page: Page) {
  await expect(page.getByLabel('Your camera preview (mirrored)')).toBeVisible();
  await expect(page.getByText(/Camera: working/)).toBeVisible();
  await expect(page.getByText(/Microphone: working/)).toBeVisible();
  // The preview plays the fake camera.
  await expect
    .poll(() =>
      page
        .getByLabel('Your camera preview (mirrored)')
        .evaluate((v: HTMLVideoElement) => v.videoWidth),
    )
    .toBeGreaterThan(0);
  await expect(page.getByLabel('Camera', { exact: true })).toBeEnabled();
  await expect(page.getByLabel('Microphone', { exact: true })).toBeEnabled();
}

test('/video-demo checks the camera, microphone and speaker without signing in', async ({
  page,
}) => {
  await page.goto('/video-demo');
  await expect(page.getByRole('heading', { name: 'Video Demo', level: 1 })).toBeVisible();
  await expectDeviceCheckWorking(page);

  // The fake microphone plays a beep: once audio runs, the meter moves.
  const startMeter = page.getByRole('button', { name: 'Start the level meter' });
  if (await startMeter.isVisible()) await startMeter.click();
  await expect
    .poll(
      () =>
        page
          .getByRole('meter', { name: 'Microphone level' })
          .evaluate((m: HTMLMeterElement) => m.value),
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThan(0);

  // The choice is remembered per kind (deviceId and groupId).
  const camera = page.getByLabel('Camera', { exact: true });
  const cameraId = await camera.inputValue();
  await camera.selectOption(cameraId);
  const stored = await page.evaluate(() => localStorage.getItem('media-device:videoinput'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ deviceId: cameraId });

  await page.getByRole('button', { name: 'Play test sound' }).click();
  await expect(page.getByRole('button', { name: 'Play test sound' })).toBeEnabled();
  await expect(toastTitled(page, 'Could not play the test sound')).toHaveCount(0);
  await checkScreen(page, 'video-demo');
});

test('camera and microphone failures show the spec messages', async ({ page }) => {
  // The browser's answer is replaced: first a refusal, then a device held by another app.
  await page.addInitScript(() => {
    const failures = ['NotAllowedError', 'NotReadableError'];
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Media failed', failures.shift() ?? 'NotFoundError'));
  });
  await page.goto('/video-demo');
  const alert = page.getByRole('alert').filter({ hasText: 'camera' });
  await expect(alert).toContainText(
    'Please allow camera and microphone access to join the video call.',
  );
  await expect(page.getByText('Camera preview unavailable')).toBeVisible();
  await checkScreen(page, 'video-demo-denied');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toContainText(
    'Camera/microphone is being used by another application. Please close other video apps.',
  );
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toContainText(
    'No camera or microphone found. Please check your device connections.',
  );
});

test('the Live Demo tab runs the same check and stops the camera when left', async ({ page }) => {
  await openTab(page, 'operations@demo.test', 'Live Demo');
  await expectDeviceCheckWorking(page);
  await checkScreen(page, 'live-demo');

  // Leaving the tab unmounts the check: its tracks end.
  await page.evaluate(() => {
    const stream = document.querySelector('video')?.srcObject as MediaStream | null;
    (window as unknown as { __tracks: MediaStreamTrack[] }).__tracks = stream?.getTracks() ?? [];
  });
  await openConsoleArea(page, 'Keyword Manager');
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { __tracks: MediaStreamTrack[] }).__tracks.map((t) => t.readyState),
      ),
    )
    .toEqual(['ended', 'ended']);
});
