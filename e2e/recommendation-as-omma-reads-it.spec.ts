import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  approveRequiredDocumentsByApi,
  checkScreen,
  DEMO_PASSWORD,
  registerAndPay,
  STAFF_PASSWORD,
  signIn,
  uniqueEmail,
} from './support';

// The recommendation as OMMA reads it (issue 22): the physician's office address and licensing
// board in user management, the doctor's console warning while the address is missing (an
// approval is still possible), and the outcome form's homebound question for a patient who
// named a caregiver.

test.describe.configure({ mode: 'serial' });

const OFFICE = '4801 N Classen Blvd, Suite 200, Oklahoma City, OK 73118';
const BOARD = 'Oklahoma State Board of Osteopathic Examiners';

test('a doctor without an office address is warned until a master admin records it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signIn(page, 'master@demo.test');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/users');
  const email = uniqueEmail('office-doctor');
  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill('Lena');
  await dialog.getByLabel('Last name').fill('Harjo');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await dialog.getByLabel('Role').selectOption('doctor');
  await dialog.getByLabel('Oklahoma license number').fill('OK-66120');
  await dialog.getByLabel('NPI').fill('1588667638');
  // A too-short address is refused beside the field.
  await dialog.getByLabel('Office address').fill('OKC');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByLabel('Office address')).toHaveAccessibleDescription(
    /Enter the office address: street, city, state and ZIP/,
  );
  await dialog.getByLabel('Office address').fill('');
  await checkScreen(page, 'office-create-doctor');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: email }) });
  await expect(row).toContainText('No office address');

  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  await signIn(doctor, email, STAFF_PASSWORD);
  await expect(doctor).toHaveURL(/\/doctor\/dashboard$/);
  const notice = doctor.getByTestId('office-address-notice');
  await expect(notice).toContainText('No office address is recorded for you.');
  await expect(notice).toContainText('You can still approve recommendations');
  await checkScreen(doctor, 'office-doctor-warning');

  await row.getByRole('button', { name: 'Edit access for Lena Harjo' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel('Licensing board').selectOption(BOARD);
  await edit.getByLabel('Office address').fill(OFFICE);
  await checkScreen(page, 'office-edit-doctor');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).not.toContainText('No office address');

  await doctor.reload();
  await expect(doctor.getByRole('heading', { name: 'Doctor Dashboard' })).toBeVisible();
  await expect(doctor.getByTestId('office-address-notice')).toHaveCount(0);
  await doctorContext.close();
});

async function signedInApi(
  playwright: { request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> } },
  baseURL: string,
  email: string,
) {
  const api = await playwright.request.newContext({ baseURL });
  const login = await api.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  return api;
}

test('the outcome form asks whether a patient who named a caregiver is homebound', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const patientApi = await playwright.request.newContext({ baseURL });
  const queueId = await registerAndPay(patientApi, {
    firstName: 'Noor',
    lastName: 'Caregiven',
    email: uniqueEmail('e2e-caregiver'),
    password: STAFF_PASSWORD,
  });
  // The caregiver, as the application form records it.
  const caregiver = await patientApi.post('/api/applications', {
    data: {
      type: 'new',
      needsCaregiver: true,
      caregiverFirstName: 'Robin',
      caregiverLastName: 'Hale',
      caregiverPhone: '4055550199',
      relationship: 'Daughter',
    },
  });
  expect(caregiver.status(), await caregiver.text()).toBeLessThan(300);

  const doctorApi = await signedInApi(playwright, baseURL!, 'doctor@demo.test');
  const start = await doctorApi.post('/api/admin/start-consultation', { data: { queueId } });
  expect(start.status(), await start.text()).toBe(200);
  const { consultation } = (await start.json()) as {
    consultation: { id: string; patientId: string };
  };
  await approveRequiredDocumentsByApi(doctorApi, consultation.patientId);
  const end = await doctorApi.post('/api/admin/end-consultation', { data: { queueId } });
  expect(end.status(), await end.text()).toBe(200);

  await signIn(page, 'doctor@demo.test');
  await expect(page).toHaveURL(/\/doctor\/dashboard$/);
  await page.goto(`/admin/consultation?consultationId=${consultation.id}`);
  await page.getByRole('radio', { name: 'Approve recommendation' }).check();
  const homebound = page.getByRole('checkbox', {
    name: 'The patient is homebound (needed to designate the caregiver)',
  });
  await expect(homebound).toBeVisible();
  await expect(homebound).toHaveAccessibleDescription(/Robin Hale \(Daughter\)/);
  await page
    .getByRole('checkbox', {
      name: "I checked the patient's identity against their government ID and photo",
    })
    .check();
  await homebound.check();
  await checkScreen(page, 'outcome-homebound');
  await page.getByRole('button', { name: 'Record Outcome' }).click();
  await expect(page.getByText(/The application is approved/)).toBeVisible();
  await patientApi.dispose();
  await doctorApi.dispose();
});
