import { type APIRequestContext, expect, test } from '@playwright/test';
import { addYears, LICENSE_TERM_YEARS } from '../src/shared/state-application';
import {
  approveRequiredDocumentsByApi,
  checkScreen,
  DEMO_PASSWORD,
  openConsoleArea,
  registerAndPay,
  signIn,
  type TestPatient,
  uniqueEmail,
} from './support';

// Issue 22, the State Applications desk: a patient approved through the API appears on the
// desk; an administrative assistant opens it, ticks OMMA's checklist, records the submission,
// then OMMA's approval, and the licence shows. Every screen passes axe and is saved at 360 px
// and 1280 px.

async function staffApi(
  playwright: { request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> } },
  baseURL: string,
  email: string,
) {
  const api = await playwright.request.newContext({ baseURL });
  const login = await api.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}

test('a staff member takes an approved patient through submitted → OMMA approved', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const patient: TestPatient = {
    firstName: 'Rowan',
    lastName: `Desk${Date.now().toString(36).slice(-4)}`,
    email: uniqueEmail('e2e-desk'),
    password: 'desk-journey-2026',
  };
  const patientApi = await playwright.request.newContext({ baseURL: baseURL! });
  const queueId = await registerAndPay(patientApi, patient);
  const doctor = await staffApi(playwright, baseURL!, 'doctor@demo.test');
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

  const name = `${patient.firstName} ${patient.lastName}`;
  await signIn(page, 'assistant@demo.test');
  await openConsoleArea(page, 'State Applications');
  await expect(page.getByRole('heading', { level: 1, name: 'State Applications' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Preparing');
  await expect(row).toContainText('30 days left');
  await checkScreen(page, 'state-desk-list');

  await row.getByRole('button', { name: `Open the application of ${name}` }).click();
  const detail = page.getByRole('heading', { level: 2, name });
  await expect(detail).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download packet (PDF)' })).toHaveAttribute(
    'href',
    /\/api\/admin\/state-applications\/[0-9a-f-]+\/packet$/,
  );
  // A doctor's refund is not offered to someone without `financial`.
  await expect(page.getByRole('button', { name: 'Refund state fee' })).toHaveCount(0);
  for (const label of [
    'Government ID: front and back, not expired',
    'Photo: plain background, recent, no glasses or hat',
  ]) {
    await page.getByLabel(label).check();
    await expect(page.getByLabel(label)).toBeChecked();
  }
  await checkScreen(page, 'state-desk-detail');
  // The ticks were saved: they are there after a reload.
  await page.reload();
  await expect(page.getByLabel('Government ID: front and back, not expired')).toBeChecked();
  await expect(
    page.getByLabel('Names and date of birth agree across all documents'),
  ).not.toBeChecked();

  // A submission without its fields is refused in the form, naming them.
  const submitted = page.getByRole('form', { name: 'Submitted to OMMA' });
  await submitted.getByRole('button', { name: 'Record submission' }).click();
  await expect(submitted.getByText('ommaApplicationNumber is required')).toBeVisible();
  await submitted.getByLabel('OMMA application number').fill('PAT-2026-77123');
  await submitted.getByLabel('State fee payment reference').fill('OMMA-PAY-55901');
  await submitted.getByRole('button', { name: 'Record submission' }).click();
  await expect(page.getByText('Submitted to OMMA', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('PAT-2026-77123')).toBeVisible();

  const decision = page.getByRole('form', { name: "OMMA's decision" });
  await expect(decision.getByLabel('Approved: licence issued')).toBeChecked();
  await decision.getByLabel('Licence number').fill('PAAA-R7KQ-2291');
  const issuedOn = await decision.getByLabel('Issued on').inputValue();
  await expect(decision.getByLabel('Expires on')).toHaveValue(
    addYears(issuedOn, LICENSE_TERM_YEARS),
  );
  await checkScreen(page, 'state-desk-decision');
  await decision.getByRole('button', { name: 'Record decision' }).click();

  const licence = page.getByRole('region', { name: 'Licence' });
  await expect(licence).toContainText('PAAA-R7KQ-2291');
  await expect(page.getByText('Licence issued').first()).toBeVisible();
  await expect(page.getByRole('form', { name: 'Card mailed' })).toBeVisible();
  await expect(row).toContainText('Licence issued');
  await checkScreen(page, 'state-desk-approved');
});
