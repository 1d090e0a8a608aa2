import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  test,
} from '@playwright/test';
import {
  approveRequiredDocumentsByApi,
  checkScreen,
  fromOwnAddress,
  pdfFile,
  pngFile,
  registrationBody,
  staffApi,
  type TestPatient,
  uniqueEmail,
} from './support';

// Issue 11: the dashboard renders the server's journey at each stage of the visit (new,
// waiting in the queue, in consultation, approved, not approved, a document rejected) and the
// decisions the patient can act on. The records are made through the API; every screen
// passes axe, does not scroll sideways, and is saved at 360 px and 1280 px.

test.describe.configure({ mode: 'serial' });

const patientFor = (name: string): TestPatient => ({
  firstName: 'Quinn',
  lastName: name,
  email: uniqueEmail(`e2e-${name.toLowerCase()}`),
  password: 'journey-pass-2026',
});

/** A patient signed in in their own context, registered through the API. */
async function newPatient(context: BrowserContext, name: string) {
  const page = await context.newPage();
  const patient = patientFor(name);
  const registered = await page.request.post('/api/register', {
    headers: fromOwnAddress(),
    data: registrationBody(patient),
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { page, patient };
}

/** The intake: an application with a condition and the three required documents. */
async function completeIntake(page: Page): Promise<{ applicationId: string; photoId: string }> {
  const created = await page.request.post('/api/applications', { data: { type: 'new' } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const applicationId = (await created.json()).id as string;
  const condition = await page.request.post(
    `/api/applications/${applicationId}/medical-conditions`,
    { data: { icdCode: 'G89.29', description: 'Chronic pain' } },
  );
  expect(condition.status()).toBe(201);
  let photoId = '';
  for (const [type, file] of [
    ['id', pdfFile('license.pdf')],
    ['residency_proof', pdfFile('utility-bill.pdf')],
    ['photo', pngFile('photo.png')],
  ] as const) {
    const res = await page.request.post('/api/documents/upload', {
      multipart: { type, applicationId, document: file },
    });
    expect(res.status(), await res.text()).toBe(201);
    if (type === 'photo') photoId = (await res.json()).id;
  }
  return { applicationId, photoId };
}

/** Pays with the simulator's approved card; joins the queue if paying did not. */
async function payAndQueue(page: Page, applicationId: string): Promise<string> {
  const paid = await page.request.post('/api/process-payment', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      amount: '137.30',
      cardNumber: '4242 4242 4242 4242',
      expiryDate: '12/39',
      cvv: '123',
      billingName: 'Quinn Tester',
      applicationType: 'new',
      hasReducedFee: false,
      paymentMethod: 'credit',
      consent: true,
      stateApplicationAuthorized: true,
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const queue = (await paid.json()).queue as { id: string } | null;
  if (queue) return queue.id;
  const joined = await page.request.post('/api/queue/join', {
    data: { applicationId, notAtDispensary: true },
  });
  expect(joined.status(), await joined.text()).toBeLessThan(300);
  return (await joined.json()).id;
}

async function consult(doctor: APIRequestContext, queueId: string, end: boolean) {
  const start = await doctor.post('/api/admin/start-consultation', { data: { queueId } });
  expect(start.status(), await start.text()).toBe(200);
  const { consultation } = (await start.json()) as {
    consultation: { id: string; patientId: string };
  };
  if (end) {
    const ended = await doctor.post('/api/admin/end-consultation', { data: { queueId } });
    expect(ended.status(), await ended.text()).toBe(200);
  }
  return consultation;
}

const step = (page: Page, key: string) => page.locator(`li[data-step="${key}"]`);

test('the dashboard follows the visit from a new account to the decision', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const doctor = await staffApi(playwright, baseURL!, 'doctor@demo.test');
  const contexts: BrowserContext[] = [];
  const context = async () => {
    const c = await browser.newContext();
    contexts.push(c);
    return c;
  };

  // New: the application is next, with the wizard as the action.
  const fresh = await newPatient(await context(), 'Fresh');
  await fresh.page.goto('/patient/dashboard');
  await expect(fresh.page.getByRole('heading', { name: 'Welcome, Quinn' })).toBeVisible();
  await expect(step(fresh.page, 'application')).toHaveAttribute('data-state', 'current');
  await expect(fresh.page.getByText('1 of 10 steps complete (10%)')).toBeVisible();
  await checkScreen(fresh.page, 'journey-new');

  // A rejected photo is flagged with the reason and an upload action.
  const flagged = await newPatient(await context(), 'Flagged');
  const intake = await completeIntake(flagged.page);
  const admin = await staffApi(playwright, baseURL!, 'admin@demo.test');
  const review = await admin.post(`/api/admin/documents/${intake.photoId}/review`, {
    data: { status: 'rejected', note: 'Your face is not fully visible' },
  });
  expect(review.status(), await review.text()).toBe(200);
  await flagged.page.goto('/patient/dashboard');
  const attention = flagged.page.getByTestId('documents-attention');
  await expect(attention).toContainText('Photograph (required) was not accepted');
  await expect(attention).toContainText('Reason: Your face is not fully visible');
  await expect(step(flagged.page, 'documents')).toHaveAttribute('data-state', 'attention');
  await checkScreen(flagged.page, 'journey-document-rejected');
  await attention.getByRole('link', { name: 'Upload a new file' }).click();
  await expect(flagged.page).toHaveURL(/\/patient\/documents\?category=photo$/);

  // Waiting in the queue.
  const waiting = await newPatient(await context(), 'Waiting');
  const waitingQueue = await payAndQueue(
    waiting.page,
    (await completeIntake(waiting.page)).applicationId,
  );
  await waiting.page.goto('/patient/dashboard');
  await expect(step(waiting.page, 'queue')).toHaveAttribute('data-state', 'current');
  await expect(
    waiting.page.getByRole('heading', { name: 'Next: Consultation queue' }),
  ).toBeVisible();
  await checkScreen(waiting.page, 'journey-queued');

  // The physician pressed Start: the consultation is current, never "complete".
  await consult(doctor, waitingQueue, false);
  await expect(step(waiting.page, 'consultation')).toHaveAttribute('data-state', 'current');
  await expect(step(waiting.page, 'consultation')).toContainText(
    'Your consultation is in progress.',
  );
  await expect(waiting.page.getByText(/Consultation Complete/)).toHaveCount(0);
  await checkScreen(waiting.page, 'journey-in-consultation');
  await doctor.post('/api/admin/end-consultation', { data: { queueId: waitingQueue } });

  // Approved: download, signed date, the state deadline, what happens at OMMA.
  const approved = await newPatient(await context(), 'Approved');
  const approvedQueue = await payAndQueue(
    approved.page,
    (await completeIntake(approved.page)).applicationId,
  );
  const approvedConsultation = await consult(doctor, approvedQueue, true);
  await approveRequiredDocumentsByApi(doctor, approvedConsultation.patientId);
  const approve = await doctor.post(`/api/admin/consultations/${approvedConsultation.id}/outcome`, {
    data: { approved: true, identityVerified: true },
  });
  expect(approve.status(), await approve.text()).toBe(200);
  await approved.page.goto('/patient/dashboard');
  const panel = approved.page.getByTestId('approval-panel');
  await expect(panel.getByRole('link', { name: 'Download your recommendation' })).toBeVisible();
  // What happens at OMMA, in the mode of the visit (issue 22): within the recommendation's
  // 30 days, and never a fee the patient already paid.
  await expect(panel.getByTestId('next-at-omma')).toContainText('within 30 days');
  await expect(panel).not.toContainText(/pay the state's license fee/i);
  // The visit's eight steps are done; the state application and the licence are ahead.
  await expect(approved.page.getByText('8 of 10 steps complete (80%)')).toBeVisible();
  const download = approved.page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Download your recommendation' }).click();
  expect((await download).suggestedFilename()).toBe('physician-recommendation.pdf');
  await checkScreen(approved.page, 'journey-approved');

  // Not approved: the reason and what the patient can do.
  const denied = await newPatient(await context(), 'Denied');
  const deniedQueue = await payAndQueue(
    denied.page,
    (await completeIntake(denied.page)).applicationId,
  );
  const deniedConsultation = await consult(doctor, deniedQueue, true);
  const deny = await doctor.post(`/api/admin/consultations/${deniedConsultation.id}/outcome`, {
    data: { approved: false, reason: 'Your records do not yet document a qualifying condition.' },
  });
  expect(deny.status(), await deny.text()).toBe(200);
  await denied.page.goto('/patient/dashboard');
  const denial = denied.page.getByTestId('denial-panel');
  await expect(denial).toContainText('Your records do not yet document a qualifying condition.');
  await expect(denial).toContainText('Apply again later with new medical records');
  await expect(step(denied.page, 'decision')).toHaveAttribute('data-state', 'attention');
  await expect(step(denied.page, 'delivery')).toHaveAttribute('data-state', 'blocked');
  await checkScreen(denied.page, 'journey-denied');

  await Promise.all(contexts.map((c) => c.close()));
  await Promise.all([doctor.dispose(), admin.dispose()]);
});
