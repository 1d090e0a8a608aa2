import { expect, type Page, test } from '@playwright/test';
import { OPEN_REDIRECT_PAYLOADS } from '../src/shared/return-path.payloads';
import { type ProductionServer, startProductionServer } from './own-server';
import { checkScreen, fromOwnAddress, registrationBody, uniqueEmail } from './support';

// Issue 21, item 1: `/login?next=/.//evil.example/phish` sent a patient to evil.example after
// they signed in (dot-segment removal turned the checked path into "//host"). A patient signs
// in through a crafted link with each payload and must land on their own dashboard here, with
// no request leaving 127.0.0.1: on the suite's server, and on a production server of its own
// (on PostgreSQL when DATABASE_URL names a server, else on PGlite).

const productionPort = Number(process.env.E2E_PORT ?? 3100) + 3;

/** The sign-in form as the crafted link opened it (signIn() would open /login afresh). */
async function signInHere(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Registers a patient through the API (its own cookie jar) on `origin`. */
async function registerPatient(page: Page, origin: string) {
  const patient = {
    firstName: 'Rowan',
    lastName: 'Redirect',
    email: uniqueEmail('e2e-open-redirect'),
    password: 'open-redirect-secret',
  };
  const api = page.context().request;
  const res = await api.post(`${origin}/api/register`, {
    headers: fromOwnAddress(),
    data: registrationBody(patient),
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.context().clearCookies();
  return patient;
}

async function everyPayloadStaysHere(page: Page, origin: string, screenshot?: string) {
  // A sign-in per payload, each hashing the password: minutes on a loaded runner.
  test.setTimeout(300_000);
  const patient = await registerPatient(page, origin);
  // Any request to another host is refused and remembered: none may happen.
  const elsewhere: string[] = [];
  await page.context().route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      elsewhere.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  const home = new RegExp(`^${origin.replaceAll('.', '\\.')}/patient/dashboard$`);

  for (const payload of OPEN_REDIRECT_PAYLOADS) {
    await test.step(payload, async () => {
      await page.goto(`${origin}/login?next=${encodeURIComponent(payload)}`);
      if (screenshot && payload === OPEN_REDIRECT_PAYLOADS[0]) await checkScreen(page, screenshot);
      await signInHere(page, patient.email, patient.password);
      await expect(page).toHaveURL(home);
      // Signed in, on this site's page (its data may still be loading on a busy runner).
      await expect(
        page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign out' }),
      ).toBeVisible();
      expect(new URL(page.url()).host).toBe(new URL(origin).host);
      expect(elsewhere, `requests away from 127.0.0.1 after next=${payload}`).toEqual([]);
      await page.context().clearCookies();
    });
  }

  // The way back still works for a page on this site, dot segments resolved.
  await page.goto(`${origin}/login?next=${encodeURIComponent('/patient/../patient/documents')}`);
  await signInHere(page, patient.email, patient.password);
  await expect(page).toHaveURL(`${origin}/patient/documents`);
  expect(elsewhere).toEqual([]);
}

test('a crafted ?next= never sends a patient to another site after sign-in', async ({
  page,
  baseURL,
}) => {
  await everyPayloadStaysHere(page, baseURL!, 'login-crafted-next');
});

test.describe('in production mode', () => {
  let server: ProductionServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startProductionServer(productionPort);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('a crafted ?next= never sends a patient to another site after sign-in', async ({ page }) => {
    test.info().annotations.push({ type: 'database', description: server!.database });
    await everyPayloadStaysHere(page, server!.origin);
  });
});
