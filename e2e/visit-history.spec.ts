import { type APIRequestContext, type BrowserContext, expect, test } from '@playwright/test';
import {
  expectAccessible,
  registerAndPay,
  staffApi,
  type TestPatient,
  uniqueEmail,
} from './support';

// Issue 21: /patient/consultation is the patient's visit history, read from
// GET /api/patient/visits: each visit's date, physician, decision and recommendation PDF. A
// patient sees their own visits only.

const SHOTS = '/work/briefs/shots';

const patientFor = (lastName: string): TestPatient => ({
  firstName: 'Jordan',
  lastName,
  email: uniqueEmail(`e2e-visits-${lastName.toLowerCase()}`),
  password: 'visit-history-pass-2026',
});

/** The doctor sees the patient (waiting in `queueId`) and records the decision. */
async function decide(
  doctor: APIRequestContext,
  admin: APIRequestContext,
  patientApi: APIRequestContext,
  queueId: string,
  approved: boolean,
) {
  const start = await doctor.post('/api/admin/start-consultation', { data: { queueId } });
  expect(start.status(), await start.text()).toBe(200);
  const consultationId = (await start.json()).consultation.id as string;
  const end = await doctor.post('/api/admin/end-consultation', { data: { queueId } });
  expect(end.status(), await end.text()).toBe(200);
  if (approved)
    // The clinic approves the documents before the physician approves the patient.
    for (const d of await (await patientApi.get('/api/patient/documents')).json()) {
      const reviewed = await admin.post(`/api/admin/documents/${d.id}/review`, {
        data: { status: 'approved' },
      });
      expect(reviewed.status(), await reviewed.text()).toBe(200);
    }
  const outcome = await doctor.post(`/api/admin/consultations/${consultationId}/outcome`, {
    data: approved
      ? { approved: true, identityVerified: true }
      : { approved: false, reason: 'Your records do not yet document a qualifying condition.' },
  });
  expect(outcome.status(), await outcome.text()).toBe(200);
}

async function signedInPatient(context: BrowserContext, patient: TestPatient) {
  const page = await context.newPage();
  const queueId = await registerAndPay(page.request, patient);
  return { page, queueId };
}

test('the visit history lists each decided visit with its physician, decision and PDF', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const doctor = await staffApi(playwright, baseURL!, 'doctor@demo.test');
  const admin = await staffApi(playwright, baseURL!, 'admin@demo.test');
  const doctorName = (await (await doctor.get('/api/user')).json()).lastName as string;

  const approvedContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const approved = await signedInPatient(approvedContext, patientFor('Approved'));
  const deniedContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const denied = await signedInPatient(deniedContext, patientFor('Denied'));

  // Before any visit: an honest empty state, never "being built".
  await approved.page.goto('/patient/consultation');
  await expect(approved.page.getByRole('heading', { name: 'Your visits' })).toBeVisible();
  await expect(approved.page.getByText('You have not had a consultation yet.')).toBeVisible();
  await expect(approved.page.getByText(/being built/)).toHaveCount(0);

  await decide(doctor, admin, approved.page.request, approved.queueId, true);
  await decide(doctor, admin, denied.page.request, denied.queueId, false);

  // The approved patient: one visit, today, with the physician, Approved and the PDF.
  await approved.page.goto('/patient/dashboard');
  await approved.page.getByRole('link', { name: 'Your visits and recommendations' }).click();
  await expect(approved.page).toHaveURL(/\/patient\/consultation$/);
  const today = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(new Date());
  const visits = approved.page.getByTestId('visit');
  await expect(visits).toHaveCount(1);
  const visit = approved.page.getByRole('group', { name: `Visit on ${today}` });
  await expect(visit).toContainText(new RegExp(`Dr\\. \\S+ ${doctorName}`));
  await expect(visit).toContainText('Approved');
  const download = approved.page.waitForEvent('download');
  await visit.getByRole('link', { name: 'Download the recommendation (PDF)' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe('physician-recommendation.pdf');
  const { readFileSync } = await import('node:fs');
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expectAccessible(approved.page);
  await approved.page.screenshot({ path: `${SHOTS}/web-b-visit-history-1280.png`, fullPage: true });

  // The other patient sees only their own visit: not approved, the reason, no PDF.
  await denied.page.goto('/patient/consultation');
  await expect(denied.page.getByTestId('visit')).toHaveCount(1);
  const deniedVisit = denied.page.getByTestId('visit');
  await expect(deniedVisit).toContainText('Not approved');
  await expect(deniedVisit).toContainText(
    'Your records do not yet document a qualifying condition.',
  );
  await expect(deniedVisit.getByRole('link', { name: /Download/ })).toHaveCount(0);
  const overflow = await denied.page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(denied.page);
  await denied.page.screenshot({ path: `${SHOTS}/web-b-visit-history-360.png`, fullPage: true });
  // And the approved patient's phone view, with the download button.
  await approved.page.setViewportSize({ width: 360, height: 780 });
  await approved.page.screenshot({
    path: `${SHOTS}/web-b-visit-history-approved-360.png`,
    fullPage: true,
  });

  await Promise.all([approvedContext.close(), deniedContext.close()]);
  await Promise.all([doctor.dispose(), admin.dispose()]);
});
