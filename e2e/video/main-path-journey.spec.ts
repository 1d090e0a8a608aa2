import { expect, type Page, test } from '@playwright/test';
import {
  pdfFile,
  pngFile,
  SCREENSHOT_DIR,
  signIn,
  type TestPatient,
  uniqueEmail,
} from '../support';
import { expectFramesRising, watchPeerConnections } from './call-support';

// DRAFT — issue 11's main path end to end, to be finished once the intake wizard, the
// journey and the dashboard of the other parts have merged: their selectors below are
// guesses (marked GUESS) and will change. It is `test.fixme` on this branch so that it never
// fails here; whoever finishes it removes the fixme.
//
// A new patient on a 360 px phone goes from the landing page through register → application
// (a condition) → the three required documents (government ID, proof of Oklahoma residency,
// photo) → consent and payment (4242…, the dispensary statement) → queue. The physician starts
// the call; the patient's browser context is closed and a new one signs in and joins the same
// call (both sides decode frames again). The physician ends the consultation and approves; the
// patient downloads the recommendation and sees the 30-day deadline.

const PHONE = { width: 360, height: 740 };
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/main-path-${name}-360.png`, fullPage: true });

const status = (page: Page) => page.locator('[data-status]').first();
async function expectConnected(page: Page) {
  await expect(status(page)).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
}

test.fixme('a new patient on a phone goes from the landing page to a downloaded recommendation', async ({
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

  // ---- the patient, on a phone ----
  const firstContext = await browser.newContext({ viewport: PHONE });
  const phone = await firstContext.newPage();
  await phone.goto('/');
  await phone.getByRole('link', { name: 'Start Your Application' }).first().click();

  // Register (the form as it is today; an Oklahoma address).
  await phone.getByLabel('First Name').fill(patient.firstName);
  await phone.getByLabel('Last Name').fill(patient.lastName);
  await phone.getByLabel('Email').fill(patient.email);
  await phone.getByLabel('Password', { exact: true }).fill(patient.password);
  await phone.getByLabel('Confirm Password').fill(patient.password);
  await phone.getByLabel('Date of Birth').fill('1985-03-09');
  await phone.getByLabel('Street Address').fill('2300 N Lincoln Blvd');
  await phone.getByLabel('City').fill('Oklahoma City');
  await phone.getByLabel('ZIP Code').fill('73105');
  await phone.getByRole('button', { name: 'Create Account' }).click();

  // Application: type and at least one condition (GUESS: the wizard's first step).
  await expect(phone.getByRole('heading', { name: /Application/ })).toBeVisible();
  await shot(phone, 'application');
  await phone.getByLabel('Application Type').selectOption('new');
  await phone.getByLabel('ICD-10 Code (optional)').first().selectOption('G89.29');
  await expect(phone.getByLabel('Condition Description').first()).toHaveValue('Chronic pain');
  await phone.getByRole('button', { name: /Continue|Save and continue/ }).click();

  // The three required documents (GUESS: one file input per required document).
  await expect(phone.getByRole('heading', { name: /Documents/ })).toBeVisible();
  await phone
    .getByLabel('Choose a file for Government-Issued ID')
    .setInputFiles(pdfFile('drivers-license.pdf'));
  await phone
    .getByLabel(/Choose a file for Proof of (Oklahoma )?Residency/)
    .setInputFiles(pdfFile('utility-bill.pdf'));
  await phone.getByLabel('Choose a file for Photograph').setInputFiles(pngFile('portrait.png'));
  await shot(phone, 'documents');
  await phone.getByRole('button', { name: /Continue/ }).click();

  // Consent and payment, with the dispensary statement (GUESS: its checkbox's name).
  await expect(
    phone.getByRole('heading', { name: /Payment|Secure Your Consultation/ }),
  ).toBeVisible();
  await phone.getByRole('checkbox', { name: /I consent to receive care/ }).check();
  await phone.getByRole('checkbox', { name: /not be at a dispensary/ }).check();
  await phone.getByLabel('Payment Method').selectOption('credit');
  await phone.getByLabel('Cardholder Name').fill(fullName);
  await phone.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await phone.getByLabel('Expiry (MM/YY)').fill('12/30');
  await phone.getByLabel('CVV').fill('123');
  await shot(phone, 'payment');
  await phone.getByRole('button', { name: /^Pay .* Join Queue$/ }).click();

  // The queue.
  await expect(phone).toHaveURL(/\/patient\/(queue|dashboard)/);
  await phone.goto('/patient/queue');
  await expect(phone.getByText(/position|#1/i).first()).toBeVisible();
  await shot(phone, 'queue');
  // Nothing scrolls sideways on the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);

  // ---- the physician starts the call ----
  const doctorContext = await browser.newContext();
  await watchPeerConnections(doctorContext);
  const doctor = await doctorContext.newPage();
  await signIn(doctor, 'doctor@demo.test');
  await expect(doctor).toHaveURL(/\/doctor\/dashboard$/);
  await doctor
    .getByRole('row')
    .filter({ hasText: fullName })
    .getByRole('button', { name: `Start consultation with ${fullName}` })
    .click();
  await expect(doctor).toHaveURL(/\/video-call\/[\w-]+/);
  const roomId = new URL(doctor.url()).pathname.split('/').pop()!;

  // The patient's first device joins, then is lost: its browser context closes.
  await watchPeerConnections(firstContext);
  await phone.goto('/patient/dashboard');
  await phone.getByRole('button', { name: 'Join Video Call' }).first().click();
  await expect(phone).toHaveURL(new RegExp(`/video-call/${roomId}`));
  await expectConnected(phone);
  await expectFramesRising(doctor, 'doctor with the first device');
  await firstContext.close();
  await expect(doctor.getByText('The patient left the call — they may rejoin.')).toBeVisible();

  // A new device signs in and joins the same call: both sides decode frames again.
  const secondContext = await browser.newContext({ viewport: PHONE });
  await watchPeerConnections(secondContext);
  const again = await secondContext.newPage();
  await signIn(again, patient.email, patient.password);
  await expect(again).toHaveURL(/\/patient\/dashboard$/);
  const join = again.getByRole('button', { name: 'Join Video Call' }).first();
  await expect(join).toBeEnabled({ timeout: 15_000 });
  await join.click();
  await expect(again).toHaveURL(new RegExp(`/video-call/${roomId}`));
  await expectConnected(again);
  await expectConnected(doctor);
  await expectFramesRising(again, 'patient on the new device');
  await expectFramesRising(doctor, 'doctor after the patient came back');

  // The physician ends the consultation from the room, then approves.
  const controls = doctor.getByRole('group', { name: 'Call controls' });
  await controls.getByRole('button', { name: 'End consultation' }).click();
  await doctor
    .getByRole('alertdialog', { name: 'End this consultation?' })
    .getByRole('button', { name: 'End consultation' })
    .click();
  await expect(again.getByRole('heading', { name: 'The consultation has ended' })).toBeVisible();
  await doctor.goto('/doctor/dashboard');
  // GUESS: the notes page reached from Completed Today; today's staff-operations journey
  // opens it from the room's "Consultation notes" link before ending.
  await doctor.getByRole('tab', { name: 'Completed Today' }).click();
  await doctor.getByRole('row').filter({ hasText: fullName }).getByRole('link').first().click();
  await doctor.getByText('Approve recommendation').click();
  await doctor.getByRole('button', { name: 'Record Outcome' }).click();
  await expect(doctor.getByText(/The application is approved/)).toBeVisible();

  // The patient downloads the recommendation and sees the 30-day deadline.
  await again.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(again).toHaveURL(/\/patient\/dashboard$/);
  const [download] = await Promise.all([
    again.waitForEvent('download'),
    again.getByRole('link', { name: 'Download your recommendation' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await expect(again.getByText(/30 days/)).toBeVisible();
  await expect(again.getByText(/days left/)).toBeVisible();
  await shot(again, 'approved');

  await Promise.all([doctorContext.close(), secondContext.close()]);
});
