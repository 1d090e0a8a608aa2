import { expect, type Page, test } from '@playwright/test';
import { checkScreen, expectAccessible, signIn } from './support';

// Issue 13, automatic logoff (HIPAA 164.312(a)(2)(iii), ADR 0013): a staff member who leaves
// the console open is warned at 13 minutes without activity, may stay signed in, and after 15
// lands on the sign-in page with a notice. The browser's clock is Playwright's (page.clock); the
// server's is real, so the browser decides when to warn and signs out through /api/logout. The
// console's own polling runs all along and must not count as activity.

/**
 * Signs in on a fake clock and waits for the console's first page to have its data: a page's
 * first load is a request the user made, so the idle minutes count from there.
 */
async function openConsole(page: Page) {
  await page.clock.install();
  const firstPage = page.waitForResponse((res) => res.url().endsWith('/api/admin/meetings'));
  await signIn(page, 'admin@demo.test');
  await expect(page.getByRole('heading', { level: 1, name: 'My Meetings' })).toBeVisible();
  await firstPage;
  await page.waitForLoadState('networkidle');
}

test('an idle staff console warns at 13 minutes, stays on request, and signs out at 15', async ({
  page,
}) => {
  await openConsole(page);

  const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
  await page.clock.fastForward('12:00');
  await page.clock.runFor(2_000);
  await expect(warning).toHaveCount(0);

  // 13 minutes without a request the user made: the polling went on, the warning shows.
  await page.clock.fastForward('01:00');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(/You will be signed out in [12]:\d\d for inactivity/);
  await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  await expect(warning.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // The countdown is live.
  const timer = warning.getByRole('timer');
  const shown = await timer.textContent();
  await page.clock.runFor(3_000);
  await expect(timer).not.toHaveText(shown ?? '');
  await checkScreen(page, 'idle-warning');

  // "Stay signed in": 15 more minutes from now.
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning).toBeHidden();
  await page.clock.fastForward('12:00');
  await page.clock.runFor(2_000);
  await expect(warning).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\//);

  // Nobody answers the next warning: at 15 minutes the session ends, on the server too.
  await page.clock.fastForward('01:00');
  await expect(warning).toBeVisible();
  await page.clock.fastForward('02:00');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'signed out' })).toHaveText(
    'You were signed out after 15 minutes without activity',
  );
  await expect(page.getByRole('heading', { name: 'Admin Portal Access' })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);
  await expectAccessible(page);
  await checkScreen(page, 'idle-signed-out');
});

test('"Sign out" in the warning signs out at once', async ({ page }) => {
  await openConsole(page);
  await page.clock.fastForward('13:00');
  const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).not.toHaveURL(/\/admin\//);
  expect((await page.request.get('/api/user')).status()).toBe(401);
});
