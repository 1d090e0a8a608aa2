import { expect, type Page, test } from '@playwright/test';
import { addYears, LICENSE_TERM_YEARS } from '../src/shared/state-application';
import {
  approveRequiredDocumentsByApi,
  checkScreen,
  openConsoleArea,
  registerAndPay,
  signIn,
  staffApi,
  type TestPatient,
  uniqueEmail,
} from './support';

// Issue 22, from the recommendation to the licence card. A patient is approved by the
// physician; an administrative assistant takes the OMMA application through the State
// Applications desk in Chromium (checklist, submission, OMMA's approval with the licence); at
// each step the patient's dashboard, on a phone (360 px), says where the application stands,
// never asks again for the state fee paid with the visit, and at the end shows the licence
// number and its expiry. Every screen passes axe and is saved at 360 px and 1280 px.

const PHONE = { width: 360, height: 780 };

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
const step = (page: Page, key: string) => page.locator(`li[data-step="${key}"]`);
/** A sentence telling the patient to pay the state (the clinic paying it for them is fine). */
const askedToPayTheState = /(^|[.!:]\s+)pay (the|your) state/i;

test('approved → the desk submits → OMMA approves → the patient sees the licence, on a phone', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const patient: TestPatient = {
    firstName: 'Rowan',
    lastName: `Licence${Date.now().toString(36).slice(-4)}`,
    email: uniqueEmail('e2e-licence'),
    password: 'licence-journey-2026',
  };
  const name = `${patient.firstName} ${patient.lastName}`;
  const phone = await browser.newContext({ viewport: PHONE });
  const patientPage = await phone.newPage();
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const deskPage = await desk.newPage();
  const doctor = await staffApi(playwright, baseURL!, 'doctor@demo.test');

  // Paid (state fee included, the clinic authorized to apply), seen and approved.
  const queueId = await registerAndPay(patientPage.request, patient);
  const start = await doctor.post('/api/admin/start-consultation', { data: { queueId } });
  expect(start.status(), await start.text()).toBe(200);
  const { consultation } = (await start.json()) as {
    consultation: { id: string; patientId: string };
  };
  const end = await doctor.post('/api/admin/end-consultation', { data: { queueId } });
  expect(end.status(), await end.text()).toBe(200);
  await approveRequiredDocumentsByApi(doctor, consultation.patientId);
  const approve = await doctor.post(`/api/admin/consultations/${consultation.id}/outcome`, {
    data: { approved: true, identityVerified: true },
  });
  expect(approve.status(), await approve.text()).toBe(200);

  // The patient: the clinic prepares the OMMA application, with the state fee already paid.
  await patientPage.goto('/patient/dashboard');
  const card = patientPage.getByTestId('state-application-card');
  await expect(card).toContainText('We are preparing your OMMA application');
  await expect(step(patientPage, 'state_application')).toHaveAttribute('data-state', 'current');
  await expect(patientPage.getByText(askedToPayTheState)).toHaveCount(0);
  await checkScreen(patientPage, 'licence-journey-preparing');

  // The desk: the application is there with its 30 days; the checklist is ticked and kept.
  await signIn(deskPage, 'assistant@demo.test');
  await openConsoleArea(deskPage, 'State Applications');
  await expect(
    deskPage.getByRole('heading', { level: 1, name: 'State Applications' }),
  ).toBeVisible();
  const row = deskPage.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Preparing');
  await expect(row).toContainText('30 days left');
  await checkScreen(deskPage, 'state-desk-list');
  await row.getByRole('button', { name: `Open the application of ${name}` }).click();
  await expect(deskPage.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(deskPage.getByText('$104.30')).toBeVisible();
  await expect(deskPage.getByRole('link', { name: 'Download packet (PDF)' })).toHaveAttribute(
    'href',
    /\/api\/admin\/state-applications\/[0-9a-f-]+\/packet$/,
  );
  // Refunding the state fee needs `financial`, which an assistant does not hold.
  await expect(deskPage.getByRole('button', { name: 'Refund state fee' })).toHaveCount(0);
  for (const label of [
    'Government ID: front and back, not expired',
    'Photo: plain background, recent, no glasses or hat',
  ]) {
    await deskPage.getByLabel(label).check();
    await expect(deskPage.getByLabel(label)).toBeChecked();
  }
  await checkScreen(deskPage, 'state-desk-detail');
  await deskPage.reload();
  await expect(deskPage.getByLabel('Government ID: front and back, not expired')).toBeChecked();
  await expect(
    deskPage.getByLabel('Names and date of birth agree across all documents'),
  ).not.toBeChecked();

  // A submission without its fields is refused in the form, naming them; then recorded.
  const submitted = deskPage.getByRole('form', { name: 'Submitted to OMMA' });
  await submitted.getByRole('button', { name: 'Record submission' }).click();
  await expect(submitted.getByText('ommaApplicationNumber is required')).toBeVisible();
  await submitted.getByLabel('OMMA application number').fill('PAT-2026-77123');
  await submitted.getByLabel('State fee payment reference').fill('OMMA-PAY-55901');
  const submittedOn = await submitted.getByLabel('Submitted on').inputValue();
  await submitted.getByRole('button', { name: 'Record submission' }).click();
  await expect(deskPage.getByText('PAT-2026-77123')).toBeVisible();

  // The patient reads the date and the number.
  await patientPage.reload();
  await expect(card).toContainText(`Submitted to OMMA on ${longDate(submittedOn)}`);
  await expect(card).toContainText('PAT-2026-77123');
  await expect(step(patientPage, 'state_application')).toHaveAttribute('data-state', 'completed');
  await expect(step(patientPage, 'license')).toHaveAttribute('data-state', 'current');
  await expect(patientPage.getByText(askedToPayTheState)).toHaveCount(0);
  await checkScreen(patientPage, 'licence-journey-submitted');

  // OMMA approved: the desk records the licence (two years by default).
  const decision = deskPage.getByRole('form', { name: "OMMA's decision" });
  await expect(decision.getByLabel('Approved: licence issued')).toBeChecked();
  await decision.getByLabel('Licence number').fill('PAAA-R7KQ-2291');
  const issuedOn = await decision.getByLabel('Issued on').inputValue();
  const expiresOn = addYears(issuedOn, LICENSE_TERM_YEARS);
  await expect(decision.getByLabel('Expires on')).toHaveValue(expiresOn);
  await checkScreen(deskPage, 'state-desk-decision');
  await decision.getByRole('button', { name: 'Record decision' }).click();
  await expect(deskPage.getByRole('region', { name: 'Licence' })).toContainText('PAAA-R7KQ-2291');
  await expect(deskPage.getByRole('form', { name: 'Card mailed' })).toBeVisible();
  await expect(row).toContainText('Licence issued');
  await checkScreen(deskPage, 'state-desk-approved');

  // The patient sees the licence and its expiry; every step is done.
  await patientPage.reload();
  const licence = patientPage.getByTestId('licence-card');
  await expect(licence.getByTestId('licence-number')).toHaveText('PAAA-R7KQ-2291');
  await expect(licence.getByTestId('licence-expiry')).toContainText(longDate(expiresOn));
  await expect(step(patientPage, 'license')).toHaveAttribute('data-state', 'completed');
  await expect(step(patientPage, 'license')).toContainText(
    `Licence PAAA-R7KQ-2291 — expires ${longDate(expiresOn)}.`,
  );
  await expect(patientPage.getByText('10 of 10 steps complete (100%)')).toBeVisible();
  await checkScreen(patientPage, 'licence-journey-licence');

  await Promise.all([phone.close(), desk.close(), doctor.dispose()]);
});
