import { expect, test } from '@playwright/test';
import { type OwnServer, startOwnServer } from './own-server';
import { checkScreen } from './support';

// The README's two commands, without SMTP_URL (issue 13): messages land in the development
// outbox and /dev/mail lists them with working links. The suite's server sends real SMTP, so
// this spec starts a second one, as a fresh checkout runs it, on the next port.

const port = Number(process.env.E2E_PORT ?? 3100) + 1;
const origin = `http://127.0.0.1:${port}`;
let server: OwnServer | undefined;

test.beforeAll(async () => {
  server = await startOwnServer(port, {
    SEED_DEMO: 'accounts',
    STAFF_MFA: 'off',
    SMTP_URL: undefined, // the development outbox
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test('/dev/mail lists the outbox and its links open the portal', async ({ page, request }) => {
  await page.goto(`${origin}/dev/mail`);
  await expect(page.getByText('No message yet.')).toBeVisible();

  const res = await request.post(`${origin}/api/auth/forgot-password`, {
    data: { email: 'assistant@demo.test' },
  });
  expect(res.status()).toBe(200);
  // The page checks the outbox every few seconds.
  await expect(page.getByRole('heading', { name: /^Choose a new password/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('To assistant@demo.test')).toBeVisible();
  await checkScreen(page, 'dev-mail');

  await page.getByRole('link', { name: /\/reset-password\?token=/ }).click();
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
});
