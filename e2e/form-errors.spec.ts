import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  expectAccessible,
  fromOwnAddress,
  openConsoleArea,
  registrationBody,
  signIn,
  type TestPatient,
  uniqueEmail,
} from './support';

// Issue 11, "Forms that speak where the problem is": every error at once beside its field,
// focus on the first, a role="alert" summary, nothing sideways at 360 px, and the card brand
// as it is typed. Staff tables turn into cards on a phone.

const SHOTS = process.env.FORM_SHOTS_DIR ?? path.resolve('test-results/form-shots');
const PHONE = { width: 360, height: 780 };

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth,
  );
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** The field is marked invalid and its message is visible and read with it. */
async function expectErrorBeside(field: Locator, message: string | RegExp) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
  expect(errorId, 'the field points at its error').toBeTruthy();
  const error = field.page().locator(`[id="${errorId}"]`);
  await expect(error).toBeVisible();
  await expect(error).toHaveText(message);
  // Beside the field: the message starts within a few lines below the control.
  const [f, e] = await Promise.all([field.boundingBox(), error.boundingBox()]);
  expect(f && e && e.y - (f.y + f.height)).toBeLessThan(80);
}

/** Saves the page at 360 and 1280 px in its current (error) state. */
async function shoot(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await expectNoSidewaysScroll(page);
    // From the top, so the sticky header is not drawn in the middle of a full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

const summaryOf = (scope: Page | Locator) =>
  scope.getByRole('alert').filter({ hasText: /Please fix/ });

test.use({ viewport: PHONE });

test('the register form shows every error beside its field at 360 px', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create Account' }).click();

  const summary = summaryOf(page);
  await expect(summary).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  const expected: [string, RegExp][] = [
    ['First name', /First name is required/],
    ['Last name', /Last name is required/],
    ['Date of birth', /date of birth/i],
    ['Email', /email/i],
    ['Street address', /address/i],
    ['City', /City is required/],
    ['ZIP code', /ZIP/],
  ];
  for (const [label, message] of expected) {
    await expectErrorBeside(page.getByLabel(label, { exact: true }), message);
    await expect(summary.getByRole('link', { name: new RegExp(`^${label}:`) })).toBeVisible();
  }
  await expectErrorBeside(page.getByLabel('Password', { exact: true }), /8 characters/);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // A summary link takes the patient to the field.
  await summary.getByRole('link', { name: /^City:/ }).click();
  await expect(page.getByLabel('City', { exact: true })).toBeFocused();

  // Fixing a field takes its error away; the rest stay.
  await page.getByLabel('First name').fill('Jordan');
  await expect(summary.getByRole('link', { name: /^First name:/ })).toHaveCount(0);
  await expect(summary.getByRole('link', { name: /^Last name:/ })).toBeVisible();
  await shoot(page, 'register-errors');

  // A server refusal that names a field goes beside it: the email is taken.
  const taken: TestPatient = {
    firstName: 'Dana',
    lastName: 'Taken',
    email: uniqueEmail('e2e-taken'),
    password: 'taken-secret-pass',
  };
  const first = await page.request.post('/api/register', {
    headers: fromOwnAddress(),
    data: registrationBody(taken),
  });
  expect(first.status()).toBe(201);
  await page.context().clearCookies();
  await page.goto('/register');
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Again');
  await page.getByLabel('Email').fill(taken.email);
  await page.getByLabel('Password', { exact: true }).fill('another-secret-pass');
  await page.getByLabel('Confirm password').fill('another-secret-pass');
  await page.getByLabel('Date of birth').fill('1980-02-02');
  await page.getByLabel('Street address').fill('1 Main St');
  await page.getByLabel('City').fill('Tulsa');
  await page.getByLabel('ZIP code').fill('74103');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectErrorBeside(page.getByLabel('Email'), /already exists/);
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(summaryOf(page)).toContainText('Email: An account with this email already exists');
});

test('the payment form shows every error at once and the card brand at 360 px', async ({
  page,
}) => {
  const patient: TestPatient = {
    firstName: 'Casey',
    lastName: 'Brand',
    email: uniqueEmail('e2e-brand'),
    password: 'brand-secret-pass',
  };
  const registered = await page.request.post('/api/register', {
    headers: fromOwnAddress(),
    data: registrationBody(patient),
  });
  expect(registered.status()).toBe(201);
  await page.goto('/patient/payment');
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await pay.click();

  const summary = summaryOf(page);
  await expect(summary).toBeVisible();
  await expect(page.getByLabel('Payment Method')).toBeFocused();
  await expectErrorBeside(page.getByLabel('Payment Method'), 'Payment Method Required');
  await expectErrorBeside(page.getByLabel('Cardholder Name'), 'Billing Name Required');
  await expectErrorBeside(page.getByLabel('Card Number'), 'Invalid Card Number');
  await expectErrorBeside(page.getByLabel('Expiry (MM/YY)'), 'Invalid Expiry Date');
  await expectErrorBeside(page.getByLabel('CVV'), 'Invalid CVV (3 or 4 digits)');
  const consent = page.getByRole('checkbox', { name: /I consent to receive care/ });
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  await expect(consent).toHaveAccessibleDescription(/agree to the telehealth consent/);
  // Issue 22: the clinic submits the OMMA application, so the patient authorizes it too.
  const authorization = page.getByRole('checkbox', {
    name: /I authorize the clinic to prepare and submit/,
  });
  await expect(authorization).toHaveAttribute('aria-invalid', 'true');
  await expect(authorization).toHaveAccessibleDescription(/authorize the clinic to submit/);
  await expect(summary.getByRole('link')).toHaveCount(7);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // The brand shows as the number is typed.
  const brand = page.getByTestId('card-brand');
  await page.getByLabel('Card Number').pressSequentially('4242');
  await expect(brand).toContainText('Visa');
  await page.getByLabel('Card Number').fill('5555 5555 5555 4444');
  await expect(brand).toContainText('Mastercard');
  await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await expect(brand).toContainText('Visa');
  await expect(summary.getByRole('link', { name: /^Card Number:/ })).toHaveCount(0);
  await shoot(page, 'payment-errors');
});

test('a staff table is a list of cards at 360 px', async ({ page }) => {
  await signIn(page, 'master@demo.test');
  await openConsoleArea(page, 'User Management');
  const cell = page.getByRole('cell', { name: 'doctor@demo.test' });
  await expect(cell).toBeVisible();
  const row = page.getByRole('row').filter({ has: cell });
  expect(await row.evaluate((el) => getComputedStyle(el).display)).not.toBe('table-row');
  // Each value carries its column's name on the card.
  expect(await cell.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"Email"');
  // The whole card fits: its actions are reachable without sideways scrolling.
  const box = await row.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  const edit = row.getByRole('button', { name: /Edit access for/ });
  await edit.scrollIntoViewIfNeeded();
  await expect(edit).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shoot(page, 'admin-users-cards');

  // The create dialog's errors, beside their fields.
  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(summaryOf(dialog)).toBeVisible();
  await expect(dialog.getByLabel('First name')).toBeFocused();
  await expectErrorBeside(dialog.getByLabel('Email'), /email/i);
  await expectAccessible(page);
  await shoot(page, 'admin-create-user-errors');
});

test('sign-in forms say a refusal by the button, not in a toast', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(summaryOf(page)).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').fill('doctor@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible();
  await expect(summaryOf(page)).toBeHidden();
  await expectAccessible(page);
  await shoot(page, 'login-refused');

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(summaryOf(page)).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  await expectAccessible(page);
  await shoot(page, 'auth-sign-up-errors');
});

test('the profile dialog shows its errors beside the fields', async ({ page }) => {
  const patient: TestPatient = {
    firstName: 'Robin',
    lastName: 'Profile',
    email: uniqueEmail('e2e-profile'),
    password: 'profile-secret-pass',
  };
  const registered = await page.request.post('/api/register', {
    headers: fromOwnAddress(),
    data: registrationBody(patient),
  });
  expect(registered.status()).toBe(201);
  await page.goto('/patient/dashboard?tab=profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill('');
  await dialog.getByLabel('Last name').fill('');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(summaryOf(dialog)).toBeVisible();
  await expect(dialog.getByLabel('First name')).toBeFocused();
  await expectErrorBeside(dialog.getByLabel('Last name'), /Last name is required/);
  await expectAccessible(page);
  await shoot(page, 'profile-dialog-errors');
});

test('the keyword form shows its error beside the field at 360 px', async ({ page }) => {
  await signIn(page, 'operations@demo.test');
  await openConsoleArea(page, 'Keyword Manager');
  await page.getByRole('button', { name: 'Add Keyword' }).click();
  await expect(summaryOf(page)).toBeVisible();
  await expect(page.getByLabel('Keyword', { exact: true })).toBeFocused();
  await expectErrorBeside(page.getByLabel('Keyword', { exact: true }), /at least 2 characters/);
  await expectAccessible(page);
  await shoot(page, 'keyword-errors');
});
