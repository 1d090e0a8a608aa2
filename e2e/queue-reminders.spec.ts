import { expect, type Page, test } from '@playwright/test';
import { checkScreen, registerAndPay, toastTitled, uniqueEmail } from './support';

// Issue 13: the dashboard's switch for the queue reminders by email, and a message's link that
// brings a signed-out patient through the sign-in back to the page it pointed at.

/** The sign-in form on the page as it is (signIn() would open /login afresh, losing ?next=). */
async function signInHere(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const LABEL = "Email me when I'm next in line or a physician comes on duty";

test('a patient turns the queue reminders off and on from the dashboard', async ({ page }) => {
  const patient = {
    firstName: 'Rowan',
    lastName: 'Ellery',
    email: uniqueEmail('reminders'),
    password: 'reminder-pass-2026',
  };
  await registerAndPay(page.request, patient);
  await page.goto('/patient/dashboard');
  const toggle = page.getByRole('switch', { name: LABEL });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Receipts, your call, your physician')).toBeVisible();
  await checkScreen(page, 'queue-reminders-on');

  await toggle.click();
  await expect(toastTitled(page, 'Reminders off')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  // The setting is the account's: a reload reads it back from /api/user.
  await page.reload();
  await expect(page.getByRole('switch', { name: LABEL })).toHaveAttribute('aria-checked', 'false');
  await checkScreen(page, 'queue-reminders-off');

  await page.getByRole('switch', { name: LABEL }).click();
  await expect(toastTitled(page, 'Reminders on')).toBeVisible();
  await expect(page.getByRole('switch', { name: LABEL })).toHaveAttribute('aria-checked', 'true');

  // A message's link opened signed out: sign in, and land where the link pointed.
  await page.context().clearCookies();
  await page.goto('/patient/documents');
  await expect(page).toHaveURL(/\/login\?next=%2Fpatient%2Fdocuments$/);
  await signInHere(page, patient.email, patient.password);
  await expect(page).toHaveURL(/\/patient\/documents$/);

  // A crafted next= to another site is ignored: the patient goes home.
  await page.context().clearCookies();
  await page.goto('/login?next=%2F%2Fevil.example%2F');
  await signInHere(page, patient.email, patient.password);
  await expect(page).toHaveURL(/\/patient\/dashboard$/);
});
