import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { type OwnServer, startOwnServer } from './own-server';
import { checkScreen, STAFF_PASSWORD, signIn, uniqueEmail } from './support';

// Issue 13: staff sign in with a second factor. A server of its own with STAFF_MFA=required
// (as production), seeded with the demo accounts: the master admin enrols at its first
// sign-in and creates a staff member, who enrols from the setup key (the test is the phone:
// it computes the codes with otplib), saves the recovery codes, reaches the console, then
// signs in again with a code and once with a recovery code.

const port = Number(process.env.E2E_PORT ?? 3100) + 2;
const mfaURL = `http://127.0.0.1:${port}`;
const STEP_MS = 30_000;

let server: OwnServer | undefined;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: mfaURL });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer(port, { SEED_DEMO: 'accounts', STAFF_MFA: 'required' });
});

test.afterAll(async () => {
  await server?.stop();
});

/** The phone: the setup key as the page shows it, and the code it gives now. */
const setupKey = async (page: Page) =>
  ((await page.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s+/g, '');
const currentStep = () => Math.floor(Date.now() / STEP_MS);

/**
 * A code from a later step than `usedStep` (each code is good once). While the clock is still
 * in that step, the phone gives the next step's code, as a phone whose clock runs a little
 * ahead does: the server takes one step either side (totp.ts), so the journey need not wait
 * up to 30 s for the step to roll over.
 */
async function freshCode(secret: string, usedStep: number): Promise<string> {
  return codeOfStep(secret, Math.max(currentStep(), usedStep + 1));
}

const codeOfStep = (secret: string, step: number) =>
  generate({ secret, epoch: (step * STEP_MS) / 1000 });

/** Enrols from the setup key; answers the secret, the recovery codes and the code's step. */
async function enrol(page: Page, screenshot?: string) {
  await expect(page).toHaveURL(/\/mfa$/);
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = await setupKey(page);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (screenshot) await checkScreen(page, screenshot);

  // A wrong code is refused beside the field.
  await page.getByLabel('6-digit code').fill('000000');
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByText('That code is not right', { exact: false }).first()).toBeVisible();

  // The code of a known step, so the later sign-in can take a code of a later one.
  const step = currentStep();
  await page.getByLabel('6-digit code').fill(await codeOfStep(secret, step));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const codes = await page
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  return { secret, codes, step };
}

async function continueAfterCodes(page: Page) {
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await page.getByLabel('I have saved these codes').click();
  await next.click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$|\/landing|\/login/);
}

test('a new staff member enrols, then signs in with a code and with a recovery code', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The master admin is staff too: its first sign-in enrols.
  await signIn(page, 'master@demo.test');
  const master = await enrol(page);
  await continueAfterCodes(page);
  await expect(page).toHaveURL(/\/admin\//);

  // It creates a staff member (through the API, signed in as itself).
  const email = uniqueEmail('assistant');
  const created = await page.request.post('/api/admin/users', {
    data: {
      email,
      password: STAFF_PASSWORD,
      firstName: 'Rowan',
      lastName: 'Pike',
      role: 'admin_assistant',
    },
  });
  expect(created.status()).toBe(201);
  expect((await created.json()).mfaEnrolled).toBe(false);
  expect(master.codes).toHaveLength(10);

  // The new staff member, in a browser of their own.
  const context = await browser.newContext({
    baseURL: mfaURL,
    viewport: { width: 1280, height: 900 },
  });
  const staff = await context.newPage();
  await signIn(staff, email, STAFF_PASSWORD);
  const enrolled = await enrol(staff, 'mfa-enrol');
  await checkScreen(staff, 'mfa-recovery-codes');
  await continueAfterCodes(staff);
  await expect(staff).toHaveURL(/\/admin\//);
  await expect(staff.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // Signed out, then in again: password, then a code (a later one than the enrolment's).
  await signOut(staff);
  await signIn(staff, email, STAFF_PASSWORD);
  await expect(staff).toHaveURL(/\/mfa$/);
  await expect(staff.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  // Nothing else is reachable meanwhile: the console sends the sign-in back here.
  await staff.goto('/admin/dashboard');
  await expect(staff).toHaveURL(/\/mfa$/);
  await checkScreen(staff, 'mfa-challenge');
  await staff.getByLabel('6-digit code').fill(await freshCode(enrolled.secret, enrolled.step));
  await staff.getByRole('button', { name: 'Verify' }).click();
  await expect(staff).toHaveURL(/\/admin\//);

  // And once with a recovery code instead of the app.
  await signOut(staff);
  await signIn(staff, email, STAFF_PASSWORD);
  await expect(staff).toHaveURL(/\/mfa$/);
  await staff.getByRole('switch', { name: 'Use a recovery code' }).click();
  await staff.getByRole('textbox', { name: 'Recovery code' }).fill(enrolled.codes[0]!);
  await checkScreen(staff, 'mfa-challenge-recovery');
  await staff.getByRole('button', { name: 'Verify' }).click();
  await expect(staff).toHaveURL(/\/admin\//);
  await context.close();

  // The master admin sees the staff member's two-step state in User Management.
  await page.goto('/admin/users');
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row.getByText('Two-step sign-in: on')).toBeVisible();
  // A lost phone: the master admin resets it (confirmed first); the next sign-in enrols again.
  await row.getByRole('button', { name: 'Reset two-step sign-in for Rowan Pike' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Reset two-step sign-in for Rowan Pike?')).toBeVisible();
  await checkScreen(page, 'mfa-reset-dialog');
  await dialog.getByRole('button', { name: 'Reset two-step sign-in' }).click();
  await expect(row.getByText('Two-step sign-in: not set up')).toBeVisible();
  const again = await browser.newContext({ baseURL: mfaURL });
  const response = await again.request.post('/api/login', {
    data: { email, password: STAFF_PASSWORD },
  });
  expect(await response.json()).toEqual({ mfa: 'enrol' });
  await again.close();
});
