import { expect, type Page, test } from '@playwright/test';
import { checkScreen, signIn, toastTitled } from './support';

// Issue 21, item 7: staff pages opened signed out, or after the staff idle sign-out, showed a
// spinner that never ended. Like patient pages, they say "Unauthorized" and go to
// /login?next=…, and signing in there comes back to the page.

const STAFF_PAGES = ['/doctor/dashboard', '/admin/users', '/admin/account', '/admin/dashboard'];

const loginFor = (path: string) =>
  new RegExp(`/login\\?next=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

async function expectSentToSignIn(page: Page, path: string) {
  await expect(page).toHaveURL(loginFor(path));
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

for (const path of STAFF_PAGES)
  test(`${path} opened signed out goes to the sign-in page and back`, async ({ page }) => {
    await page.goto(path);
    await expect(toastTitled(page, 'Unauthorized')).toBeVisible();
    await expectSentToSignIn(page, path);
    if (path === '/admin/users') await checkScreen(page, 'login-redirect-staff');
  });

test('signing in from the redirect comes back to the staff page', async ({ page }) => {
  await page.goto('/admin/users');
  await expectSentToSignIn(page, '/admin/users');
  await page.getByLabel('Email').fill('master@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('demo-pass-2026');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
});

test('after the 15-minute idle sign-out, each staff page goes to the sign-in page', async ({
  page,
}) => {
  // As e2e/idle-logoff.spec.ts: the idle minutes count from the first page's data.
  await page.clock.install();
  const firstPage = page.waitForResponse((res) => res.url().endsWith('/api/admin/meetings'));
  await signIn(page, 'admin@demo.test');
  await expect(page.getByRole('heading', { level: 1, name: 'My Meetings' })).toBeVisible();
  await firstPage;
  await page.waitForLoadState('networkidle');
  // Nobody answers the warning: at 15 minutes the session ends.
  await page.clock.fastForward('13:00');
  await expect(page.getByRole('alertdialog', { name: 'Are you still there?' })).toBeVisible();
  await page.clock.fastForward('02:00');
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/user')).status()).toBe(401);

  for (const path of STAFF_PAGES) {
    await page.goto(path);
    await expectSentToSignIn(page, path);
  }
});

test('a session ended on the server while a staff page is open goes to the sign-in page', async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page, 'master@demo.test');
  await expect(page).toHaveURL(/\/admin\//);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Signed out elsewhere (or the idle limit passed while the laptop slept): the page's next
  // look at the session is refused.
  await page.request.post('/api/logout');
  await page.clock.runFor(31_000);
  await expectSentToSignIn(page, '/admin/users');
});
