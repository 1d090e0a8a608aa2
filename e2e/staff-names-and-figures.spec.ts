import { expect, type Page, test } from '@playwright/test';
import { checkScreen, registerAndPay, signIn, type TestPatient, uniqueEmail } from './support';

// Issue 12: the operations queue names its patients (name and date of birth, never a bare id),
// "Doctors On Duty" counts the doctors online now (0 when none is), and the Register form keeps
// its fields aligned when a neighbour shows a hint or an error. With no doctor on duty the
// queue gives no wait estimate (issue 21: it said "0 min").

const doctorsOnDuty = (page: Page) =>
  page
    .getByRole('list', { name: 'Live queue' })
    .getByRole('listitem')
    .filter({ hasText: 'Doctors On Duty' });

test('the operations queue names its patients and counts the doctors online now', async ({
  browser,
  playwright,
  baseURL,
}) => {
  // Room for the last step's own 60 s wait for the socket to close, on a busy machine.
  test.setTimeout(150_000);
  const patient: TestPatient = {
    firstName: 'Rowan',
    lastName: `Queuenamed${Math.random().toString(36).slice(2, 6)}`,
    email: uniqueEmail('e2e-names'),
    password: 'names-pass-2026',
  };
  const api = await playwright.request.newContext({ baseURL });
  await registerAndPay(api, patient);

  const opsContext = await browser.newContext();
  const ops = await opsContext.newPage();
  await signIn(ops, 'master@demo.test');
  await expect(ops).toHaveURL(/\/admin\/dashboard$/);
  await ops.goto('/admin/automated');

  // No doctor has the clinic open: the figure says 0, not 1.
  await expect(doctorsOnDuty(ops)).toContainText(/Doctors On Duty\s*0/);
  const row = ops.getByRole('row').filter({ hasText: `${patient.firstName} ${patient.lastName}` });
  await expect(row).toContainText('Born November 21, 1979');
  await expect(row).toContainText('Waiting');
  // With nobody on duty there is no wait to estimate (issue 21), as the patient's page says.
  const wait = row.locator('[data-label="Estimated wait"]');
  await expect(wait).toHaveText('No physician on duty');
  await checkScreen(ops, 'operations-queue-named');

  // A doctor opens their dashboard: their live connection puts them on duty.
  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  await signIn(doctor, 'doctor@demo.test');
  await expect(doctor.getByRole('status').filter({ hasText: 'Online' })).toBeVisible();
  await expect(
    doctor.getByRole('row').filter({ hasText: `${patient.firstName} ${patient.lastName}` }),
  ).toContainText('Born November 21, 1979');
  await ops.reload();
  await expect(doctorsOnDuty(ops)).toContainText(/Doctors On Duty\s*1/);
  await expect(wait).toHaveText(/^\d+(\.\d)? min$|^\d+ h( \d+ min)?$/);

  await doctorContext.close();
  // Each try reloads the page and waits for it to render (seconds on a busy machine) before
  // reading the figure, which drops once the server has seen the doctor's socket close.
  await expect(async () => {
    await ops.reload();
    await expect(doctorsOnDuty(ops)).toBeVisible();
    await expect(doctorsOnDuty(ops)).toContainText(/Doctors On Duty\s*0/, { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await opsContext.close();
  await api.dispose();
});

test('Register keeps each row of fields aligned when one shows a hint or an error', async ({
  page,
}) => {
  await page.goto('/register');
  await page.getByLabel('Date of birth').fill('2015-01-01');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.locator('#dateOfBirth')).toHaveAttribute('aria-invalid', 'true');
  const top = (id: string) =>
    page.locator(`#${id}`).evaluate((el) => Math.round(el.getBoundingClientRect().top));
  for (const width of [1280, 700]) {
    await page.setViewportSize({ width, height: 900 });
    // Date of birth shows a hint and an error, Phone neither; Password a hint and an error,
    // Confirm password only an error; First and Last name errors, Middle name none.
    for (const row of [
      ['firstName', 'middleName', 'lastName'],
      ['dateOfBirth', 'phone'],
      ['password', 'confirmPassword'],
      ['city', 'state', 'zipCode'],
    ]) {
      const tops = await Promise.all(row.map(top));
      expect(new Set(tops).size, `${row.join(', ')} at ${width}px: ${tops}`).toBe(1);
    }
  }
  await checkScreen(page, 'register-errors');
});
