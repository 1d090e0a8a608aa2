import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import {
  checkScreen,
  DEMO_PASSWORD,
  registerAndPay,
  type TestPatient,
  uniqueEmail,
} from './support';

// Issue 22: from the recommendation to the licence card, on a phone (360 px). A patient is
// approved; the clinic's desk records the OMMA submission, then OMMA's approval with the
// licence; at each step the patient's dashboard says where the application stands, and at the
// end shows the licence number and its expiry. The desk's steps go through its API
// (POST /api/admin/state-applications/:id/submitted and /decision); where that API is not
// there (the patient side built apart from the desk), they are written to the database
// directly, which needs DATABASE_URL.

const SHOTS = '/work/briefs/shots';
const PHONE = { width: 360, height: 780 };

const patient: TestPatient = {
  firstName: 'Rowan',
  lastName: 'Licence',
  email: uniqueEmail('e2e-licence'),
  password: 'licence-journey-2026',
};

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

const todayInOklahoma = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

/** The desk's two steps: through its API, or straight to the table where it is not built. */
function deskFor(staff: APIRequestContext, applicationId: string) {
  let id: string | null = null;
  const viaApi = async () => {
    const list = await staff.get('/api/admin/state-applications');
    if (list.status() === 404) return false;
    expect(list.status(), await list.text()).toBe(200);
    const { applications } = (await list.json()) as {
      applications: { id: string; applicationId: string }[];
    };
    id = applications.find((a) => a.applicationId === applicationId)?.id ?? null;
    expect(id, 'the approval opened a state application').not.toBeNull();
    return true;
  };
  const sql = async (text: string, values: unknown[]) => {
    const url = process.env.DATABASE_URL;
    test.skip(!url, 'without the desk API the rows are written with DATABASE_URL');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(text, values);
    } finally {
      await client.end();
    }
  };
  return {
    async submitted(body: { ommaApplicationNumber: string; submittedOn: string }) {
      if (await viaApi()) {
        const res = await staff.post(`/api/admin/state-applications/${id}/submitted`, {
          data: { ...body, stateFeeReference: 'OMMA-FEE-0001' },
        });
        expect(res.status(), await res.text()).toBe(200);
        return;
      }
      await sql(
        `insert into state_applications (application_id, patient_id, mode, status, signed_on, submit_by)
         select a.id, a.patient_id, 'clinic_submits', 'preparing', $2::date, $2::date + 30
         from applications a where a.id = $1 on conflict do nothing`,
        [applicationId, todayInOklahoma()],
      );
      await sql(
        `update state_applications set status = 'submitted', omma_application_number = $2,
         submitted_on = $3, state_fee_reference = 'OMMA-FEE-0001' where application_id = $1`,
        [applicationId, body.ommaApplicationNumber, body.submittedOn],
      );
    },
    async approved(body: { licenseNumber: string; issuedOn: string; expiresOn: string }) {
      if (await viaApi()) {
        const res = await staff.post(`/api/admin/state-applications/${id}/decision`, {
          data: { outcome: 'approved', ...body },
        });
        expect(res.status(), await res.text()).toBe(200);
        return;
      }
      await sql(`update state_applications set status = 'approved' where application_id = $1`, [
        applicationId,
      ]);
      await sql(
        `insert into patient_licenses (patient_id, license_number, issued_on, expires_on, source, state_application_id)
         select patient_id, $2, $3, $4, 'desk', id from state_applications where application_id = $1`,
        [applicationId, body.licenseNumber, body.issuedOn, body.expiresOn],
      );
    },
  };
}

const step = (page: Page, key: string) => page.locator(`li[data-step="${key}"]`);

test('approved → the desk submits → OMMA approves → the patient sees the licence, on a phone', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const doctor = await staffApi(playwright, baseURL!, 'doctor@demo.test');
  const admin = await staffApi(playwright, baseURL!, 'admin@demo.test');
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();

  // Approved by the physician, the documents approved by the clinic first.
  const queueId = await registerAndPay(page.request, patient);
  const start = await doctor.post('/api/admin/start-consultation', { data: { queueId } });
  expect(start.status(), await start.text()).toBe(200);
  const consultationId = (await start.json()).consultation.id as string;
  await doctor.post('/api/admin/end-consultation', { data: { queueId } });
  for (const d of await (await page.request.get('/api/patient/documents')).json()) {
    const reviewed = await admin.post(`/api/admin/documents/${d.id}/review`, {
      data: { status: 'approved' },
    });
    expect(reviewed.status(), await reviewed.text()).toBe(200);
  }
  const outcome = await doctor.post(`/api/admin/consultations/${consultationId}/outcome`, {
    data: { approved: true, identityVerified: true },
  });
  expect(outcome.status(), await outcome.text()).toBe(200);
  const [application] = (await (await page.request.get('/api/applications')).json()) as {
    id: string;
  }[];
  const desk = deskFor(admin, application!.id);
  const today = todayInOklahoma();

  // The desk submits to OMMA: the patient reads the date and the number.
  await desk.submitted({ ommaApplicationNumber: 'OMMA-E2E-2026', submittedOn: today });
  await page.goto('/patient/dashboard');
  const card = page.getByTestId('state-application-card');
  await expect(card).toContainText(`Submitted to OMMA on ${longDate(today)}`);
  await expect(card).toContainText('OMMA-E2E-2026');
  await expect(step(page, 'state_application')).toHaveAttribute('data-state', 'completed');
  await expect(step(page, 'license')).toHaveAttribute('data-state', 'current');
  // The patient paid the state fee with the visit: nothing asks them to pay it again.
  await expect(page.getByText(/pay the state('s)? (license |licence )?fee/i)).toHaveCount(0);
  await checkScreen(page, 'licence-journey-submitted');
  await page.screenshot({ path: `${SHOTS}/patient-e2e-submitted-360.png`, fullPage: true });

  // OMMA approved: the desk records the licence; the patient sees its number and expiry.
  const expiresOn = addDays(today, 730);
  await desk.approved({ licenseNumber: 'PA-E2E-7731', issuedOn: today, expiresOn });
  await page.reload();
  const licence = page.getByTestId('licence-card');
  await expect(licence.getByTestId('licence-number')).toHaveText('PA-E2E-7731');
  await expect(licence.getByTestId('licence-expiry')).toContainText(longDate(expiresOn));
  await expect(step(page, 'license')).toHaveAttribute('data-state', 'completed');
  await expect(step(page, 'license')).toContainText(
    `Licence PA-E2E-7731 — expires ${longDate(expiresOn)}.`,
  );
  await expect(page.getByText('10 of 10 steps complete (100%)')).toBeVisible();
  await checkScreen(page, 'licence-journey-licence');
  await page.screenshot({ path: `${SHOTS}/patient-e2e-licence-360.png`, fullPage: true });

  await context.close();
  await Promise.all([doctor.dispose(), admin.dispose()]);
});
