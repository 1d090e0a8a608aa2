import { expect, type Page, test } from '@playwright/test';

// Issue 21, item 15: every signed-out page logged "Failed to load resource: 401" in the
// browser's console (the app asked GET /api/user who is signed in). A visitor's console stays
// clean; /robots.txt is plain text, not the app's page.

/** Every console error and failed response the page shows while `visit` runs. */
async function consoleErrors(page: Page, visit: () => Promise<void>) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  await visit();
  await page.waitForLoadState('networkidle');
  return errors;
}

for (const [name, path, heading] of [
  ['landing', '/landing', /Oklahoma/],
  ['login', '/login', 'Patient Portal Login'],
] as const)
  test(`the ${name} page logs no error in the console signed out`, async ({ page }) => {
    const errors = await consoleErrors(page, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    });
    expect(errors).toEqual([]);
  });

test('/robots.txt is plain text keeping crawlers out of the staff areas and the API', async ({
  request,
}) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  const body = await res.text();
  for (const path of ['/admin/', '/doctor/', '/api/']) expect(body).toContain(`Disallow: ${path}`);
  // A patient's page, signed out, is the sign-in page: nothing to hide, and crawlable (issue 23).
  expect(body).not.toContain('/patient/');
});
