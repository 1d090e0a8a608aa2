import { expect, test } from '@playwright/test';
import {
  checkScreen,
  mailLink,
  receivedMail,
  registerThroughUi,
  signIn,
  toastTitled,
  uniqueEmail,
} from './support';

// Issue 13: a patient who forgot the password gets a link by email (through the e2e server's
// real SMTP server), chooses a new password and signs in with it; then changes it again from
// the profile. Staff find the same form under "My Account" in the console.

const NEW_PASSWORD = 'lantern-orchard-velvet-92';
const NEWER_PASSWORD = 'copper-meadow-thistle-48';

test('a patient resets a forgotten password from the email and signs in', async ({ page }) => {
  const patient = {
    firstName: 'Rowan',
    lastName: 'Ashby',
    email: uniqueEmail('rowan'),
    password: 'harbor-quartz-sparrow-31',
  };
  await registerThroughUi(page, patient);
  await page.goto('/patient/dashboard');
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/(landing)?$/);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  // A bad address is refused on its field, before any request.
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByText('Valid email is required').first()).toBeVisible();
  await checkScreen(page, 'forgot-password');

  await page.getByLabel('Email').fill(patient.email);
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByText('If an account uses that address')).toBeVisible();
  await checkScreen(page, 'forgot-password-sent');

  const mail = await receivedMail(patient.email, 'Choose a new password');
  expect(mail.text).toContain('Hello Rowan,');
  // No patient data beyond the first name (registerThroughUi's date of birth and address).
  for (const secret of ['Ashby', '1985', 'Lincoln', '73105'])
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain(secret);

  await page.goto(mailLink(mail, '/reset-password'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill('something-else-entirely');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText("Passwords don't match").first()).toBeVisible();
  await checkScreen(page, 'reset-password');
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Your password was changed. Sign in with your new password.'),
  ).toBeVisible();
  await checkScreen(page, 'login-after-reset');

  // The link worked once: opened again, it is refused.
  const again = await page.context().newPage();
  await again.goto(mailLink(mail, '/reset-password'));
  await again.getByLabel('New password', { exact: true }).fill(NEWER_PASSWORD);
  await again.getByLabel('Confirm new password').fill(NEWER_PASSWORD);
  await again.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    again.getByText('This link is not valid or has expired. Ask for a new one.'),
  ).toBeVisible();
  await again.close();

  await signIn(page, patient.email, patient.password);
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await signIn(page, patient.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/patient\//);

  // The "password changed" notice arrived too.
  await receivedMail(patient.email, 'password was changed');

  // From the profile: change it again; this browser stays signed in.
  await page.goto('/patient/dashboard?tab=profile');
  const card = page.getByRole('heading', { name: 'Change password' });
  await expect(card).toBeVisible();
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill(NEWER_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEWER_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your current password is not correct').first()).toBeVisible();
  await checkScreen(page, 'change-password-patient');
  await page.getByLabel('Current password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toastTitled(page, 'Password changed')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
});

test('staff find Change password under My Account in the console', async ({ page }) => {
  await signIn(page, 'assistant@demo.test');
  await expect(page).toHaveURL(/\/admin\//);
  await page.goto('/admin/account');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Account' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Current password is required').first()).toBeVisible();
  await checkScreen(page, 'change-password-staff');
});

test('/dev/mail says where messages go when SMTP_URL is set', async ({ page }) => {
  await page.goto('/dev/mail');
  await expect(page.getByRole('heading', { name: 'Development mail' })).toBeVisible();
  await expect(page.getByText('SMTP_URL is set')).toBeVisible();
  await checkScreen(page, 'dev-mail-smtp');
});

test('the /auth sign-in offers Forgot password? too', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
