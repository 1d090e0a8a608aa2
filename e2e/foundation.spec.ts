import { expect, test } from '@playwright/test';
import { checkScreen, signIn, uniqueEmail } from './support';

// Issue 2's journeys: a visitor registers and signs in again; staff land on their
// dashboards; a patient is kept out of staff pages. Every page passes axe and is saved at
// 360 px and 1280 px.

test('a visitor reads the landing and legal pages', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('link', { name: 'Start Your Application' }).first()).toBeVisible();
  await expect(page.getByText('$137.30').first()).toBeVisible();
  await checkScreen(page, 'landing');

  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByText(/AES-256-GCM/).first()).toBeVisible();
  await checkScreen(page, 'privacy');

  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/landing$/);
});

test('a visitor registers, lands on the application, signs out and signs in again', async ({
  page,
}) => {
  const email = uniqueEmail('e2e-patient');
  const password = 'e2e-secret-pass';
  await page.goto('/register');
  await checkScreen(page, 'register');

  // The server's rules show up as the spec's messages before anything is sent.
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('First name is required').first()).toBeVisible();

  await page.getByLabel('First Name').fill('Jordan');
  await page.getByLabel('Last Name').fill('Avery');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByLabel('Date of Birth').fill('1988-06-15');
  await page.getByLabel('Street Address').fill('1200 N Walker Ave');
  await page.getByLabel('City').fill('Oklahoma City');
  await page.getByLabel('ZIP Code').fill('73103');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Account created!').first()).toBeVisible();
  // The main path (issue 11): register → application → documents → payment → queue.
  await expect(page).toHaveURL(/\/patient\/intake$/);
  await expect(page.getByRole('heading', { name: '1. Application' })).toBeVisible();
  await checkScreen(page, 'patient-intake');

  await page.goto('/patient/dashboard');
  await expect(page.getByText('Jordan').first()).toBeVisible();
  await checkScreen(page, 'patient-dashboard');

  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/(landing)?$/);
  await page.goto('/patient/dashboard');
  // Signed out: the sign-in page, which brings the patient back to where they were going.
  await expect(page).toHaveURL(/\/login\?next=%2Fpatient%2Fdashboard$/);

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/patient\/dashboard$/);

  // A patient typing a staff address is sent back to their own dashboard.
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/patient\/dashboard$/);
  await page.goto('/doctor/dashboard');
  await expect(page).toHaveURL(/\/patient\/dashboard$/);
});

test('a wrong password is refused with the server message', async ({ page }) => {
  await page.goto('/login');
  await checkScreen(page, 'login');
  await page.getByLabel('Email').fill('doctor@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a doctor signs in and lands on the doctor dashboard', async ({ page }) => {
  await signIn(page, 'doctor@demo.test');
  await expect(page).toHaveURL(/\/doctor\/dashboard$/);
  await expect(page.getByRole('tab', { name: 'Current Queue' })).toBeVisible();
  await checkScreen(page, 'doctor-dashboard');
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/doctor\/dashboard$/);
});

test('a master admin signs in, sees every tab and manages users', async ({ page }) => {
  await signIn(page, 'master@demo.test');
  await expect(page).toHaveURL(/\/admin\/meetings$/);
  const sidebar = page.getByRole('navigation', { name: 'Staff console' });
  for (const area of ['My Meetings', 'Waiting Room', 'User Management', 'Analytics'])
    await expect(sidebar.getByRole('link', { name: area })).toBeVisible();
  await checkScreen(page, 'admin-dashboard');

  await page.goto('/admin/users');
  await expect(page.getByRole('cell', { name: 'doctor@demo.test' })).toBeVisible();
  await checkScreen(page, 'admin-users');

  const email = uniqueEmail('e2e-assistant');
  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First Name').fill('Sam');
  await dialog.getByLabel('Last Name').fill('Lee');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('assistant-pass-1');
  await checkScreen(page, 'admin-users-create');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User Created').first()).toBeVisible();
  await expect(page.getByRole('cell', { name: email })).toBeVisible();

  // A master admin widens the assistant's access with a checkbox; the server keeps it.
  await page.getByRole('button', { name: 'Edit access for Sam Lee' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByRole('checkbox', { name: 'Analytics' }).check();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User Updated').first()).toBeVisible();
  const saved = await page.request.get('/api/admin/users');
  const sam = (await saved.json()).find((u: { email: string }) => u.email === email);
  expect(sam.permissions).toContain('analytics');
});

test('an admin assistant sees only their tabs', async ({ page }) => {
  await signIn(page, 'assistant@demo.test');
  await expect(page).toHaveURL(/\/admin\/waiting$/);
  const sidebar = page.getByRole('navigation', { name: 'Staff console' });
  await expect(sidebar.getByRole('link', { name: 'Waiting Room' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'User Management' })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'My Meetings' })).toHaveCount(0);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/waiting$/);
});
