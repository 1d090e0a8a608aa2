import { readFile } from 'node:fs/promises';
import { devices, expect, type Page, test } from '@playwright/test';
import {
  pdfFile,
  pngFile,
  SCREENSHOT_DIR,
  signIn,
  type TestPatient,
  uniqueEmail,
} from '../support';
import { expectFramesRising, watchPeerConnections } from './call-support';

// Issue 11's main path end to end. A new patient on a 360 px phone goes from the landing page
// through register → application (a condition) → the three required documents (government ID,
// proof of Oklahoma residency, photo) → consent and payment (4242…, the dispensary statement)
// → queue. The physician starts the call; the patient's browser context is closed and a new
// one signs in and joins the same call (both sides decode frames again). The physician ends
// the consultation and approves (the card is captured); the patient downloads the
// recommendation (a real PDF) and sees the 30-day deadline. Each patient screen is saved at
// 360 px, each staff screen at 1280 px; no patient screen scrolls sideways.

// The clinic and its patients are in Oklahoma: the browsers run on Central time. The patient
// is on an Android phone (its user agent and touch), 360 px wide.
const PHONE = {
  viewport: { width: 360, height: 740 },
  userAgent: devices['Pixel 5'].userAgent,
  isMobile: true,
  hasTouch: true,
  timezoneId: 'America/Chicago',
};
const DESKTOP = { viewport: { width: 1280, height: 900 }, timezoneId: 'America/Chicago' };

/** A patient screen on the phone: nothing scrolls sideways; saved from the top. */
async function phoneShot(page: Page, name: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${name} scrolls sideways at 360px`).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOT_DIR}/main-path-${name}-360.png`, fullPage: true });
}

/** A staff screen at a laptop's width. */
async function deskShot(page: Page, name: string, fullPage = true) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOT_DIR}/main-path-${name}-1280.png`, fullPage });
}

const status = (page: Page) => page.locator('[data-status]').first();
async function expectConnected(page: Page) {
  await expect(status(page)).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
}

test('a new patient on a phone goes from the landing page to a downloaded recommendation', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const patient: TestPatient = {
    firstName: 'Avery',
    lastName: `Mainpath${Math.random().toString(36).slice(2, 6)}`,
    email: uniqueEmail('e2e-main-path'),
    password: 'main-path-pass-2026',
  };
  const fullName = `${patient.firstName} ${patient.lastName}`;

  // ---- the patient, on a phone: landing page → register ----
  const firstContext = await browser.newContext(PHONE);
  await watchPeerConnections(firstContext);
  const phone = await firstContext.newPage();
  await phone.goto('/');
  await phoneShot(phone, 'landing');
  await phone.getByRole('link', { name: 'Start Your Application' }).first().click();
  await expect(phone).toHaveURL(/\/register$/);
  await phone.getByLabel('First Name').fill(patient.firstName);
  await phone.getByLabel('Last Name').fill(patient.lastName);
  await phone.getByLabel('Email').fill(patient.email);
  await phone.getByLabel('Password', { exact: true }).fill(patient.password);
  await phone.getByLabel('Confirm Password').fill(patient.password);
  await phone.getByLabel('Date of Birth').fill('1985-03-09');
  await phone.getByLabel('Street Address').fill('2300 N Lincoln Blvd');
  await phone.getByLabel('City').fill('Oklahoma City');
  await phone.getByLabel('ZIP Code').fill('73105');
  await phoneShot(phone, 'register');
  await phone.getByRole('button', { name: 'Create Account' }).click();

  // ---- step 1: the application (type and a condition) ----
  await expect(phone).toHaveURL(/\/patient\/intake$/);
  await expect(phone.getByRole('heading', { name: '1. Application' })).toBeVisible();
  await expect(phone.locator('[aria-current="step"]')).toContainText('Step 1');
  await phone.getByRole('radio', { name: 'New License' }).check();
  await phone.getByLabel('ICD-10 Code (optional)').selectOption('G89.29');
  // Choosing a code fills an empty description with its name.
  await expect(phone.getByLabel('Condition Description')).toHaveValue('Chronic pain');
  await phoneShot(phone, 'application');
  await phone.getByRole('button', { name: 'Submit Application' }).click();

  // ---- step 2: the three required documents, as real files ----
  await expect(phone.getByRole('heading', { name: '2. Documents' })).toBeVisible();
  const continueToPay = phone.getByRole('button', { name: 'Continue to Consent and Payment' });
  await expect(phone.getByText(/^Still needed: .*Government-Issued ID/)).toBeVisible();
  // On a phone each document offers the camera and a file as two actions (issue 21).
  await expect(phone.getByRole('button', { name: /^Take photo/ })).toHaveCount(4);
  await expect(phone.getByRole('button', { name: /^Choose file/ })).toHaveCount(4);
  await phoneShot(phone, 'documents-empty');
  // Continue without the files: each missing one is named on its card; the step stays.
  await continueToPay.click();
  await expect(phone.getByText('Upload this document to continue.', { exact: true })).toHaveCount(
    3,
  );
  await expect(phone.getByRole('heading', { name: '2. Documents' })).toBeVisible();
  await phoneShot(phone, 'documents-missing');
  const uploads = [
    ['Government-Issued ID', pdfFile('drivers-license.pdf')],
    ['Proof of Oklahoma Residency', pdfFile('utility-bill.pdf')],
    ['Photograph', pngFile('portrait.png')],
  ] as const;
  for (const [name, file] of uploads) {
    await phone.getByLabel(`Choose a file for ${name}`).setInputFiles(file);
    // The card shows the file it now holds.
    await expect(phone.getByRole('group', { name }).getByText(file.name)).toBeVisible();
  }
  await expect(phone.getByText('All required documents are uploaded.')).toBeVisible();
  await phoneShot(phone, 'documents');
  await continueToPay.click();

  // ---- step 3: consent and payment, with the dispensary statement ----
  await expect(phone.getByRole('heading', { name: '3. Consent and Payment' })).toBeVisible();
  await phone.getByLabel('Payment Method').selectOption('credit');
  await phone.getByLabel('Cardholder Name').fill(fullName);
  await phone.getByLabel('Card Number').fill('4242424242424242');
  await expect(phone.getByLabel('Card Number')).toHaveValue('4242 4242 4242 4242');
  await expect(phone.getByTestId('card-brand')).toContainText('Visa');
  await phone.getByLabel('Expiry (MM/YY)').fill('12/30');
  await phone.getByLabel('CVV').fill('123');
  await phone.getByRole('checkbox', { name: /I consent to receive care/ }).check();
  await phone
    .getByRole('checkbox', { name: /I authorize the clinic to prepare and submit/ })
    .check();
  await phone
    .getByRole('checkbox', { name: /will not be at a medical marijuana dispensary/ })
    .check();
  await phoneShot(phone, 'payment');
  await phone.getByRole('button', { name: /^Pay \$[\d.]+ & Join Queue$/ }).click();

  // ---- step 4: in the queue, with the position shown ----
  await expect(phone.getByRole('heading', { name: '4. Queue' })).toBeVisible();
  await expect(phone.getByText('You are in the queue')).toBeVisible();
  // The page's line, not the payment toast's, which says it too (issue 21, item 11).
  await expect(
    phone.locator('#main-content').getByText(/You are number \d+ in line/),
  ).toBeVisible();
  await phoneShot(phone, 'queue-step');
  await phone.getByRole('link', { name: 'Go to Consultation Queue' }).click();
  await expect(phone).toHaveURL(/\/patient\/queue$/);
  await expect(phone.getByTestId('queue-position')).toHaveText(/^#\d+$/);
  await phoneShot(phone, 'queue');

  // ---- the physician starts the call ----
  const doctorContext = await browser.newContext(DESKTOP);
  await watchPeerConnections(doctorContext);
  const doctor = await doctorContext.newPage();
  await signIn(doctor, 'doctor@demo.test');
  await expect(doctor).toHaveURL(/\/doctor\/dashboard$/);
  const queueRow = doctor.getByRole('row').filter({ hasText: fullName });
  await expect(queueRow).toContainText('Waiting');
  await deskShot(doctor, 'staff-doctor-queue');
  await queueRow.getByRole('button', { name: `Start consultation with ${fullName}` }).click();
  await expect(doctor).toHaveURL(/\/video-call\/[\w-]+\?role=doctor/);
  const roomId = new URL(doctor.url()).pathname.split('/').pop()!;

  // The first device joins from the queue page, then is lost: its browser context closes.
  const joinFromQueue = phone.getByRole('link', { name: 'Join Video Call' });
  await expect(joinFromQueue).toBeVisible({ timeout: 20_000 });
  await joinFromQueue.click();
  await expect(phone).toHaveURL(new RegExp(`/video-call/${roomId}\\?role=patient`));
  await expectConnected(phone);
  await expectConnected(doctor);
  await expectFramesRising(doctor, 'doctor with the first device');
  await expectFramesRising(phone, 'patient on the first device');
  await phoneShot(phone, 'call');
  await firstContext.close();
  await expect(doctor.getByText('The patient left the call — they may rejoin.')).toBeVisible({
    timeout: 30_000,
  });
  await deskShot(doctor, 'staff-room-patient-gone', false);

  // A new device signs in and joins the same call: both sides decode frames again.
  const secondContext = await browser.newContext(PHONE);
  await watchPeerConnections(secondContext);
  const again = await secondContext.newPage();
  await signIn(again, patient.email, patient.password);
  await expect(again).toHaveURL(/\/patient\/dashboard$/);
  const journeyConsultation = again.locator('li[data-step="consultation"]');
  await expect(journeyConsultation).toHaveAttribute('data-state', 'current');
  await expect(journeyConsultation).toContainText('Your consultation is in progress.');
  const join = again.getByRole('button', { name: 'Join Video Call' });
  await expect(join).toBeEnabled({ timeout: 15_000 });
  await phoneShot(again, 'dashboard-in-consultation');
  await join.click();
  await expect(again).toHaveURL(new RegExp(`/video-call/${roomId}\\?role=patient`));
  await expectConnected(again);
  await expectConnected(doctor);
  await expectFramesRising(again, 'patient on the new device');
  await expectFramesRising(doctor, 'doctor after the patient came back');
  await phoneShot(again, 'call-second-device');
  await deskShot(doctor, 'staff-room', false);

  // ---- the physician approves the ID, residency and photo from the chart (issue 21) ----
  const required = doctor
    .getByRole('complementary', { name: 'Patient chart' })
    .getByRole('list', { name: 'Required documents' });
  for (let left = 3; left > 0; left--) {
    await required
      .getByRole('button', { name: /^Approve / })
      .first()
      .click();
    await expect(required.getByRole('button', { name: /^Approve / })).toHaveCount(left - 1);
  }

  // ---- the physician ends the consultation from the room, then approves ----
  const controls = doctor.getByRole('group', { name: 'Call controls' });
  await controls.getByRole('button', { name: 'End consultation' }).click();
  await doctor
    .getByRole('alertdialog', { name: 'End this consultation?' })
    .getByRole('button', { name: 'End consultation' })
    .click();
  await expect(doctor.getByRole('heading', { name: 'The consultation has ended' })).toBeVisible();
  await expect(again.getByRole('heading', { name: 'The consultation has ended' })).toBeVisible();
  await phoneShot(again, 'call-ended');

  await doctor.goto('/doctor/dashboard');
  await doctor.getByRole('tab', { name: 'Completed Today' }).click();
  const completed = doctor.getByRole('row').filter({ hasText: fullName });
  await completed.getByRole('link', { name: `Record outcome for ${fullName}` }).click();
  await expect(
    doctor.getByRole('heading', { name: 'Doctor Consultation Interface' }),
  ).toBeVisible();
  await expect(doctor.getByText('This consultation has ended.')).toBeVisible();
  // The physician sees what the intake gave them: the condition listed.
  await expect(doctor.getByText('Chronic pain').first()).toBeVisible();
  await doctor.getByText('Approve recommendation').click();
  // SB 1066: the physician confirms the identity was checked against the ID and photo.
  await doctor
    .getByRole('checkbox', { name: /I checked the patient's identity against their government ID/ })
    .check();
  await deskShot(doctor, 'staff-outcome');
  await doctor.getByRole('button', { name: 'Record Outcome' }).click();
  await expect(doctor.getByText(/The application is approved/)).toBeVisible();
  await deskShot(doctor, 'staff-approved');

  // ---- the patient downloads the recommendation and sees the 30-day deadline ----
  await again.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(again).toHaveURL(/\/patient\/dashboard$/);
  const panel = again.getByTestId('approval-panel');
  await expect(panel.getByRole('heading', { name: 'Recommendation approved' })).toBeVisible();
  // The OMMA deadline in the mode of the visit (issue 22): the clinic submits by it, or the
  // patient applies before the recommendation expires for the state's purposes.
  await expect(panel).toContainText(
    /(We submit it by|expires for the state's purposes on) [A-Z][a-z]+ \d{1,2}, \d{4}/,
  );
  await expect(panel).toContainText('within 30 days of');
  await expect(again.locator('li[data-step="payment"]')).toContainText('Paid.');
  // The approval captured the card held at payment.
  const applications = await again.request.get('/api/applications');
  expect(applications.status()).toBe(200);
  expect((await applications.json())[0]).toMatchObject({
    status: 'approved',
    paymentStatus: 'captured',
  });
  const [download] = await Promise.all([
    again.waitForEvent('download'),
    panel.getByRole('link', { name: 'Download your recommendation' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('physician-recommendation.pdf');
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await phoneShot(again, 'approved');

  await Promise.all([doctorContext.close(), secondContext.close()]);
});
