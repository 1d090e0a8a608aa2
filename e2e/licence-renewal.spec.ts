import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  approveRequiredDocumentsByApi,
  DEMO_PASSWORD,
  expectAccessible,
  registerAndPay,
  uniqueEmail,
} from './support';

// Issue 22, renewals: an approved patient whose OMMA licence expires within 60 days sees
// "Time to renew your licence" on the dashboard (a phone, 360 px); renewing opens the intake
// with the last application's answers filled in, and its documents step asks for a new proof
// of residency while the ID carries over.

const SHOTS = '/work/briefs/shots';

async function approve(doctor: APIRequestContext, queueId: string) {
  const start = await doctor.post('/api/admin/start-consultation', { data: { queueId } });
  expect(start.status(), await start.text()).toBe(200);
  const { consultation } = await start.json();
  const end = await doctor.post('/api/admin/end-consultation', { data: { queueId } });
  expect(end.status(), await end.text()).toBe(200);
  await approveRequiredDocumentsByApi(doctor, consultation.patientId);
  const outcome = await doctor.post(`/api/admin/consultations/${consultation.id}/outcome`, {
    data: { approved: true, identityVerified: true },
  });
  expect(outcome.status(), await outcome.text()).toBe(200);
}

/** The licence OMMA issued, as the patient enters it (PUT /api/patient/license). */
async function enterLicence(page: Page, expiresOn: string) {
  const saved = await page.request.put('/api/patient/license', {
    data: { licenseNumber: 'PAAA-7Q2M-XK41', expiresOn },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('a licence near expiry: renew from the dashboard, prefilled, asking for a new residency proof', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const doctor = await playwright.request.newContext({ baseURL });
  const login = await doctor.post('/api/login', {
    data: { email: 'doctor@demo.test', password: DEMO_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);

  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  const queueId = await registerAndPay(page.request, {
    firstName: 'Casey',
    lastName: 'Renewer',
    email: uniqueEmail('e2e-renewal'),
    password: 'renewal-journey-2026',
  });
  await approve(doctor, queueId);
  const inThirtyDays = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await enterLicence(page, inThirtyDays);

  await page.goto('/patient/dashboard');
  const card = page.getByTestId('licence-card');
  await expect(card.getByRole('heading', { name: 'Time to renew your licence' })).toBeVisible();
  await expect(card.getByTestId('licence-expiry')).toContainText(/(29|30|31) days left/);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/renewals-dashboard-360.png`, fullPage: true });

  await card.getByRole('button', { name: 'Renew your licence' }).click();
  await expect(page).toHaveURL(/\/patient\/intake/);
  // The last application's condition is filled in for the patient to check.
  await expect(page.getByRole('heading', { name: 'Your Application' })).toBeVisible();
  await expect(page.locator('input[value="Chronic pain"], textarea').first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/renewals-intake-360.png`, fullPage: true });

  // The documents step asks for a new proof of residency; the ID and the recent photo carry over.
  await page.goto('/patient/intake?step=2');
  await expect(page.getByText('Still needed: Proof of Oklahoma Residency.')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/renewals-documents-step-360.png`, fullPage: true });

  await page.goto('/patient/documents');
  await expect(page.getByTestId('renewal-needs')).toContainText('a new proof of residency');
  await page.screenshot({ path: `${SHOTS}/renewals-upload-center-360.png`, fullPage: true });

  // Back on the dashboard the renewal is the application in progress: no second one.
  await page.goto('/patient/dashboard');
  await expect(page.getByTestId('licence-card')).toContainText(
    'Finish the application you have in progress',
  );
  await context.close();
  await doctor.dispose();
});
