import { expect, type Page, test } from '@playwright/test';
import {
  checkScreen,
  fromOwnAddress,
  openConsoleArea,
  receivedMail,
  registrationBody,
  signIn,
  type TestPatient,
  toastTitled,
  uniqueEmail,
} from './support';

// Issue 13: email verification and patients in User Management. Messages arrive through the e2e
// server's SMTP server (support.ts receivedMail).

const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

function newPatient(): TestPatient {
  return {
    firstName: 'Harper',
    lastName: `Lindqvist${letters()}`,
    email: uniqueEmail('accounts'),
    password: 'Patient-pass-2026!',
  };
}

const tokenFrom = (text: string, path: string) =>
  new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1] ?? '';

async function findPatient(page: Page, patient: TestPatient) {
  await page.getByLabel('Name or email').fill(`${patient.firstName} ${patient.lastName}`);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByTestId('patient-account-row').filter({ hasText: patient.lastName });
  await expect(row).toHaveCount(1);
  return row;
}

test('an admin finds a registered patient by name, unlocks the sign-in and sends a password reset', async ({
  page,
  request,
}) => {
  const patient = newPatient();
  const address = fromOwnAddress();
  const registered = await request.post('/api/register', {
    data: registrationBody(patient),
    headers: address,
  });
  expect(registered.status(), await registered.text()).toBe(201);
  // Wrong passwords until the sign-in throttle holds the account (5 a quarter hour).
  let last = 0;
  for (let i = 0; i < 6; i++)
    last = (
      await request.post('/api/login', {
        data: { email: patient.email, password: 'not-my-password' },
        headers: address,
      })
    ).status();
  expect(last).toBe(429);

  await signIn(page, 'admin@demo.test');
  await openConsoleArea(page, 'User Management');
  const section = page.getByTestId('patient-accounts');
  await expect(section.getByRole('heading', { name: 'Patients', level: 2 })).toBeVisible();
  const row = await findPatient(page, patient);
  await expect(row.getByText(`${patient.firstName} ${patient.lastName}`)).toBeVisible();
  await expect(row.getByText('Born November 21, 1979')).toBeVisible();
  await expect(row.getByText('Sign-in locked')).toBeVisible();
  await expect(row.getByText('Pending')).toBeVisible();
  await checkScreen(page, 'patient-accounts');

  const name = `${patient.firstName} ${patient.lastName}`;
  await row.getByRole('button', { name: `Unlock sign-in for ${name}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`Unlock sign-in for ${name}?`);
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(toastTitled(page, 'Sign-in unlocked')).toBeVisible();
  await expect(row.getByText('Sign-in locked')).toHaveCount(0);
  const signedIn = await request.post('/api/login', {
    data: { email: patient.email, password: patient.password },
    headers: address,
  });
  expect(signedIn.status()).toBe(200);

  await row.getByRole('button', { name: `Send password reset for ${name}` }).click();
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(toastTitled(page, 'Reset link sent')).toBeVisible();
  const reset = await receivedMail(patient.email, 'Choose a new password');
  expect(tokenFrom(reset.text, '/reset-password')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(reset.text).not.toContain('1979');
  expect(reset.text).not.toContain('Boston');
});

test('a new patient confirms the email address from the link', async ({ page }) => {
  const patient = newPatient();
  // Registered in the browser's own context: the page is signed in as the patient.
  const registered = await page.request.post('/api/register', {
    data: registrationBody(patient),
    headers: fromOwnAddress(),
  });
  expect(registered.status()).toBe(201);

  await page.goto('/patient/dashboard');
  const notice = page.getByTestId('verify-email-notice');
  await expect(notice).toContainText('Confirm your email address');
  await expect(notice.getByRole('button', { name: 'Send the link again' })).toBeVisible();
  await checkScreen(page, 'verify-email-notice');
  // Asked again within the minute of the registration's link: the wait is said, nothing sent.
  await notice.getByRole('button', { name: 'Send the link again' }).click();
  await expect(toastTitled(page, 'Link not sent')).toBeVisible();

  await page.goto('/verify-email?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('alert')).toContainText('This link is not valid or has expired.');
  await expect(page.getByRole('button', { name: 'Send the link again' })).toBeVisible();
  await checkScreen(page, 'verify-email-invalid');

  const mail = await receivedMail(patient.email, 'Confirm your email address');
  await page.goto(`/verify-email?token=${tokenFrom(mail.text, '/verify-email')}`);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('your email address is confirmed');
  await checkScreen(page, 'verify-email');
  await page.getByRole('link', { name: 'Continue to your dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Patient Dashboard' })).toBeVisible();
  await expect(page.getByTestId('verify-email-notice')).toHaveCount(0);
});

test('a new staff member is asked to confirm the address in the console', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/login', {
    data: { email: 'admin@demo.test', password: 'demo-pass-2026' },
  });
  expect(login.status()).toBe(200);
  const email = uniqueEmail('staff');
  const created = await request.post('/api/admin/users', {
    data: { email, password: 'Staff-pass-2026!', firstName: 'Morgan', lastName: 'Ellery' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const welcome = await receivedMail(email, 'Your OKMMJ Telehealth staff account');
  expect(welcome.text).toContain('Hello Morgan,');
  await receivedMail(email, 'Confirm your email address');

  await signIn(page, email, 'Staff-pass-2026!');
  const notice = page.getByTestId('verify-email-notice');
  await expect(notice).toContainText('Confirm your email address');
  await notice.getByRole('button', { name: 'Dismiss the email confirmation notice' }).click();
  await expect(notice).toHaveCount(0);
});
