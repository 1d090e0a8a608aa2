import { expect, type Locator, type Page, test } from '@playwright/test';
import { checkScreen, signIn, uniqueEmail } from './support';

// A doctor's OMMA physician registration (SB 1066, issue 12) in user management and on the
// doctor's console: recorded with the doctor, its state shown in the list, a warning on the
// console 30 days before it lapses and a plain refusal once it is gone.

const PASSWORD = 'Wide-Prairie-Sunset-42';

/** An ISO date `days` from today in the browser's (and this machine's) time zone. */
const dayFromToday = (days: number) =>
  new Intl.DateTimeFormat('en-CA').format(new Date(Date.now() + days * 86_400_000));

/** The field is marked invalid and its message is read with it. */
async function expectErrorBeside(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message));
}

const rowOf = (page: Page, email: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: email }) });

test('a doctor is created with an OMMA registration, warned before it lapses, and told once it is gone', async ({
  page,
  browser,
}) => {
  await signIn(page, 'master@demo.test');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/users');

  const email = uniqueEmail('omma-doctor');
  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill('Rosa');
  await dialog.getByLabel('Last name').fill('Delgado');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Role').selectOption('doctor');
  await dialog.getByLabel('Oklahoma license number').fill('OK-55120');
  await dialog.getByLabel('NPI').fill('1588667638');
  // A number without its expiry is refused beside the missing field.
  await dialog.getByLabel('OMMA registration number').fill('PHY-OK-9120');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expectErrorBeside(
    dialog.getByLabel('OMMA registration expires on'),
    'Enter the expiry date of the OMMA registration with its number',
  );
  await checkScreen(page, 'omma-create-doctor-error');

  await dialog.getByLabel('OMMA registration expires on').fill(dayFromToday(10));
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog).toBeHidden();
  const row = rowOf(page, email);
  await expect(row).toContainText('PHY-OK-9120');
  await expect(row).toContainText('Expires in 10 days');
  await expect(rowOf(page, 'doctor@demo.test')).toContainText('Current');
  await checkScreen(page, 'omma-user-list');

  // The doctor's console warns, with the date and the days left.
  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  await signIn(doctor, email, PASSWORD);
  await expect(doctor).toHaveURL(/\/doctor\/dashboard$/);
  const notice = doctor.getByRole('status').filter({ hasText: 'OMMA physician registration' });
  await expect(notice).toContainText(
    /Your OMMA physician registration expires on .+ \(10 days\)\.\s*Renew it/,
  );
  await checkScreen(doctor, 'omma-doctor-expiring');

  // Cleared in the edit dialog: the list says so, and so does the console.
  await row.getByRole('button', { name: 'Edit access for Rosa Delgado' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel('OMMA registration number').fill('');
  await edit.getByLabel('OMMA registration expires on').fill('');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Not registered');

  await doctor.reload();
  await expect(notice).toContainText(
    'You cannot approve recommendations until a master admin records your OMMA registration',
  );
  await checkScreen(doctor, 'omma-doctor-missing');
  await doctorContext.close();
});
