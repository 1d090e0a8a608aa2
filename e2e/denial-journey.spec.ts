import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  checkScreen,
  openConsoleArea,
  registerAndPay,
  SCREENSHOT_DIR,
  signIn,
  type TestPatient,
  toastTitled,
  uniqueEmail,
} from './support';

// Issue 11's second journey, the visits that end without a recommendation (the main path's
// intake and payment are e2e/video/main-path-journey; here they are API shortcuts):
// - a denial: the physician ends the consultation and records "not approved" with a reason
//   in the Consultation Interface; the patient's dashboard shows the reason, what they can do
//   and the released hold ("not charged"), and the card was voided, not captured;
// - a removal: staff take a waiting patient out of the line through the Reject dialog, whose
//   reason is required (an inline error without one); the patient reads the reason and the
//   wizard's queue step asks for a new payment: no way back into the line without paying.
// The patient's screens pass axe, do not scroll sideways and are saved at 360 and 1280 px.

test.describe.configure({ mode: 'serial' });

const patientNamed = (lastName: string): TestPatient => ({
  firstName: 'Morgan',
  lastName: `${lastName}${Math.random().toString(36).slice(2, 6)}`,
  email: uniqueEmail(`e2e-${lastName.toLowerCase()}`),
  password: 'second-journey-pass',
});

/** The clinic is in Oklahoma: the patient's and staff's browsers are on Central time. */
const CENTRAL = { timezoneId: 'America/Chicago' };

/** A patient who completed the intake and paid (the card is held), in their own context. */
async function paidPatient(context: BrowserContext, lastName: string) {
  const page = await context.newPage();
  const patient = patientNamed(lastName);
  // page.request shares the context's cookies: the page is signed in as this patient.
  const queueId = await registerAndPay(page.request, patient);
  return { page, patient, queueId, fullName: `${patient.firstName} ${patient.lastName}` };
}

/** The patient's latest application as GET /api/applications answers it. */
async function latestApplication(page: Page) {
  const res = await page.request.get('/api/applications');
  expect(res.status()).toBe(200);
  return (await res.json())[0] as Record<string, unknown>;
}

const step = (page: Page, key: string) => page.locator(`li[data-step="${key}"]`);

/** A staff screen at 1280 px, from the top (so the sticky header is not drawn mid-page). */
async function staffShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-1280.png`, fullPage: true });
}

test('not approved: the patient reads the reason, what to do next, and that the hold was released', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const patientContext = await browser.newContext(CENTRAL);
  const { page, fullName } = await paidPatient(patientContext, 'Denied');
  expect(await latestApplication(page)).toMatchObject({ paymentStatus: 'authorized' });

  // The physician starts the consultation (the call itself is the main path's), opens it
  // from Active Consultations and ends it there.
  const doctorContext = await browser.newContext({
    ...CENTRAL,
    viewport: { width: 1280, height: 900 },
  });
  const doctor = await doctorContext.newPage();
  await signIn(doctor, 'doctor@demo.test');
  await expect(doctor).toHaveURL(/\/doctor\/dashboard$/);
  const queueRow = doctor.getByRole('row').filter({ hasText: fullName });
  await expect(queueRow).toContainText('Waiting');
  const queueId = (await (await page.request.get('/api/queue/status')).json()).id as string;
  const started = await doctor.request.post('/api/admin/start-consultation', { data: { queueId } });
  expect(started.status(), await started.text()).toBe(200);
  await doctor.getByRole('tab', { name: 'Active Consultations' }).click();
  await doctor.getByRole('link', { name: `Open for ${fullName}` }).click();
  await expect(
    doctor.getByRole('heading', { name: 'Doctor Consultation Interface' }),
  ).toBeVisible();
  await doctor.getByRole('button', { name: 'End Consultation' }).click();
  await expect(doctor.getByText('This consultation has ended.')).toBeVisible();

  // "Do not approve" needs a reason: said beside the field, which takes the focus.
  await doctor.getByText('Do not approve').click();
  await doctor.getByRole('button', { name: 'Record Outcome' }).click();
  const reason = doctor.getByLabel('Reason');
  await expect(reason).toHaveAccessibleDescription(/Please give the reason for not recommending/);
  await expect(reason).toBeFocused();
  await staffShot(doctor, 'denial-staff-reason-required');
  const why = 'Your records do not yet document a qualifying condition for at least six months.';
  await reason.fill(why);
  await doctor.getByRole('button', { name: 'Record Outcome' }).click();
  await expect(toastTitled(doctor, 'Recommendation not approved')).toBeVisible();
  await expect(
    doctor.getByRole('status').filter({ hasText: 'The application is closed with your reason.' }),
  ).toContainText('Recommendation not approved');
  await staffShot(doctor, 'denial-staff-recorded');

  // The patient: the reason, what they can do, and the money back.
  await page.goto('/patient/dashboard');
  const denial = page.getByTestId('denial-panel');
  await expect(denial.getByRole('heading', { name: 'Recommendation not approved' })).toBeVisible();
  await expect(denial.locator('blockquote')).toHaveText(why);
  await expect(denial.getByRole('heading', { name: 'What you can do' })).toBeVisible();
  await expect(denial).toContainText('Apply again later with new medical records');
  await expect(denial.getByTestId('money-back')).toHaveText(
    'Your card was not charged; the hold of $137.30 was released.',
  );
  await expect(denial.getByRole('link', { name: 'Start a new application' })).toHaveAttribute(
    'href',
    '/patient/intake',
  );
  await expect(step(page, 'decision')).toHaveAttribute('data-state', 'attention');
  await expect(step(page, 'decision')).toContainText(`Not approved: ${why}`);
  await expect(step(page, 'payment')).toContainText(
    'Your card was not charged; the hold was released.',
  );
  await expect(step(page, 'delivery')).toHaveAttribute('data-state', 'blocked');
  await expect(page.getByRole('link', { name: 'Download your recommendation' })).toHaveCount(0);
  // Nothing is due on a decided visit (issue 21): no payment to simulate, on the dashboard or
  // the payment page, and the server refuses one.
  await expect(page.getByRole('button', { name: 'Simulate Payment Complete' })).toHaveCount(0);
  await checkScreen(page, 'denial-dashboard');
  const simulated = await page.request.post('/api/applications', {
    data: { type: 'new', amount: '137.30', paymentStatus: 'paid', status: 'payment_completed' },
  });
  expect(simulated.status()).toBe(409);
  expect((await simulated.json()).message).toBe(
    "This visit already has the physician's decision. Start a new application before paying again.",
  );
  await page.goto('/patient/payment');
  await expect(page.getByRole('heading', { name: 'Secure Your Consultation' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Development Bypass - Skip to Dashboard' }),
  ).toHaveCount(0);

  // The records agree: the authorization was voided, never captured, with the reason kept.
  expect(await latestApplication(page)).toMatchObject({
    status: 'rejected',
    paymentStatus: 'voided',
    decisionReason: why,
  });

  await Promise.all([doctorContext.close(), patientContext.close()]);
});

test('removed from the queue: a reason is required, the patient reads it and must pay again', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const patientContext = await browser.newContext(CENTRAL);
  const { page, fullName } = await paidPatient(patientContext, 'Removed');

  // A doctor on duty opens the meetings the Waiting Room lists.
  const doctorContext = await browser.newContext(CENTRAL);
  const doctor = await doctorContext.newPage();
  await signIn(doctor, 'doctor@demo.test');
  await expect(doctor.getByRole('status').filter({ hasText: 'Online' })).toBeVisible();

  // An operations admin rejects the waiting patient in the Waiting Room.
  const opsContext = await browser.newContext({
    ...CENTRAL,
    viewport: { width: 1280, height: 900 },
  });
  const ops = await opsContext.newPage();
  await signIn(ops, 'operations@demo.test');
  await openConsoleArea(ops, 'Waiting Room');
  const entry = ops.getByRole('listitem').filter({ hasText: fullName });
  await expect(entry).toContainText('Waiting');
  await entry.getByRole('button', { name: `Reject: ${fullName}` }).click();
  const dialog = ops.getByRole('dialog', { name: `Reject ${fullName}?` });
  await expect(dialog).toContainText('They can join again only after paying again.');
  const reasonField = dialog.getByLabel('Reason for removing the patient');
  await expect(reasonField).toHaveAccessibleDescription(/The patient sees this reason/);

  // Without a reason: an inline error beside the field, and the patient stays in line.
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeVisible();
  await expect(reasonField).toHaveAttribute('aria-invalid', 'true');
  await expect(reasonField).toHaveAccessibleDescription(
    /Please give the reason for removing the patient/,
  );
  await expect(
    dialog.getByText('Please give the reason for removing the patient', { exact: true }),
  ).toBeVisible();
  // The dialog's summary names the field too, and links to it.
  await expect(
    dialog.getByRole('link', { name: /^Reason for removing the patient: Please give the reason/ }),
  ).toHaveAttribute('href', '#reject-patient-reason');
  await expect(reasonField).toBeFocused();
  await ops.screenshot({ path: `${SCREENSHOT_DIR}/removal-staff-reason-required-1280.png` });
  expect((await (await page.request.get('/api/queue/status')).json()).status).toBe('waiting');

  const why = 'Your photo ID does not match the name on your account. Please call the clinic.';
  await reasonField.fill(why);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastTitled(ops, 'Patient rejected')).toBeVisible();
  await expect(ops.getByRole('listitem').filter({ hasText: fullName })).toHaveCount(0);
  await staffShot(ops, 'removal-staff-after');

  // The patient reads the reason; the hold is released and the next step is paying again.
  await page.goto('/patient/dashboard');
  const queueStep = step(page, 'queue');
  await expect(queueStep).toHaveAttribute('data-state', 'attention');
  await expect(queueStep).toContainText(`The clinic removed you from the queue: ${why}`);
  await expect(step(page, 'payment')).toContainText(
    'Your earlier payment was given back; pay again to rejoin the queue.',
  );
  // The hold was released and the visit is still open: a payment is due again (issue 21).
  await expect(page.getByRole('button', { name: 'Simulate Payment Complete' })).toBeVisible();
  await checkScreen(page, 'removal-dashboard');
  expect(await latestApplication(page)).toMatchObject({
    paymentStatus: 'voided',
    removalReason: why,
  });

  // The queue page has no place for them and no way back in from there.
  await page.goto('/patient/queue');
  await expect(page.getByText('Not in Queue')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue to the queue' })).toHaveCount(0);
  await checkScreen(page, 'removal-queue-page');

  // The wizard's queue step asks for a new payment; the server agrees.
  await page.goto('/patient/intake?step=4');
  await expect(page.getByRole('heading', { name: '4. Queue' })).toBeVisible();
  await expect(page.getByText('Payment comes first')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join the queue' })).toHaveCount(0);
  await checkScreen(page, 'removal-wizard-queue-step');
  await page.getByRole('button', { name: 'Continue to Consent and Payment' }).click();
  await expect(page.getByRole('heading', { name: '3. Consent and Payment' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay \$[\d.]+ & Join Queue$/ })).toBeVisible();
  await checkScreen(page, 'removal-pay-again');
  const application = await latestApplication(page);
  const rejoin = await page.request.post('/api/queue/join', {
    data: { applicationId: application.id, notAtDispensary: true },
  });
  expect(rejoin.status()).toBeGreaterThanOrEqual(400);
  expect(rejoin.status()).toBeLessThan(500);
  expect((await rejoin.json()).message).toMatch(/pay/i);
  expect((await (await page.request.get('/api/queue/status')).json())?.status).not.toBe('waiting');

  await Promise.all([doctorContext.close(), opsContext.close(), patientContext.close()]);
});
