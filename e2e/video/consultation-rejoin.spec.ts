import { expect, type Page, test } from '@playwright/test';
import { registerAndPay, SCREENSHOT_DIR, signIn, type TestPatient, uniqueEmail } from '../support';
import { expectFramesRising, framesDecoded, watchPeerConnections } from './call-support';

// A call the patient can always rejoin (issue 11; replaces staff-and-video.md §2's hang-up that
// leaves for good): Hang up, on either side, only leaves the room and is undone by joining
// again (Rejoin call on the left screen; the patient's Join on the dashboard); the others stay
// in the call and are told the person may rejoin. Only the physician's End consultation
// (confirmed) closes the call for both: the patient sees it ended and Join is gone.

const status = (page: Page) => page.locator('[data-status]').first();

async function expectConnected(page: Page) {
  await expect(status(page)).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  await expect(status(page)).toHaveText(/connected/i);
}

/** The call screens at a phone's and a laptop's width (SHOTS_DIR, or the usual directory). */
const SHOTS = process.env.SHOTS_DIR ?? SCREENSHOT_DIR;
async function callShot(page: Page, name: string) {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 720 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize(size);
}

test('hang-ups on either side are undone by rejoining; only End consultation closes the call', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const patient: TestPatient = {
    firstName: 'Jordan',
    lastName: `Rejoin${Math.random().toString(36).slice(2, 6)}`,
    email: uniqueEmail('e2e-rejoin'),
    password: 'rejoin-journey-pass',
  };
  const fullName = `${patient.firstName} ${patient.lastName}`;
  const api = await playwright.request.newContext({ baseURL });
  await registerAndPay(api, patient);
  await api.dispose();

  const patientContext = await browser.newContext();
  await watchPeerConnections(patientContext);
  const patientPage = await patientContext.newPage();
  await signIn(patientPage, patient.email, patient.password);
  await expect(patientPage).toHaveURL(/\/patient\/dashboard$/);

  const doctorContext = await browser.newContext();
  await watchPeerConnections(doctorContext);
  const doctor = await doctorContext.newPage();
  await signIn(doctor, 'doctor@demo.test');
  await expect(doctor).toHaveURL(/\/doctor\/dashboard$/);
  await doctor
    .getByRole('row')
    .filter({ hasText: fullName })
    .getByRole('button', { name: `Start consultation with ${fullName}` })
    .click();
  await expect(doctor).toHaveURL(/\/video-call\/[\w-]+\?role=doctor/);
  const roomId = new URL(doctor.url()).pathname.split('/').pop()!;

  const join = patientPage.getByRole('button', { name: 'Join Video Call' }).first();
  await expect(join).toBeEnabled({ timeout: 15_000 });
  await join.click();
  await expect(patientPage).toHaveURL(new RegExp(`/video-call/${roomId}\\?role=patient`));
  await expectConnected(doctor);
  await expectConnected(patientPage);
  await expectFramesRising(doctor, 'doctor');
  await expectFramesRising(patientPage, 'patient');

  // The patient hangs up (issue 11): a left screen with Rejoin call; the doctor is told the
  // patient may come back. From the dashboard, even after a reload, Join still works.
  await patientPage.getByRole('button', { name: 'Hang up' }).click();
  await expect(patientPage.getByRole('heading', { name: 'You left the call' })).toBeVisible();
  await expect(patientPage.getByRole('button', { name: 'Rejoin call' })).toBeVisible();
  await expect(doctor.getByText('The patient left the call — they may rejoin.')).toBeVisible();
  await callShot(patientPage, 'patient-left-call');
  await patientPage.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(patientPage).toHaveURL(/\/patient\/dashboard$/);
  await patientPage.reload();
  const rejoin = patientPage
    .getByRole('button', { name: 'Join Video Call' })
    .or(patientPage.getByRole('link', { name: 'Return to call' }))
    .first();
  await expect(rejoin).toBeEnabled({ timeout: 15_000 });
  await rejoin.click();
  await expect(patientPage).toHaveURL(new RegExp(`/video-call/${roomId}\\?role=patient`));
  await expectConnected(patientPage);
  await expectConnected(doctor);
  await expectFramesRising(patientPage, 'patient after rejoining');

  // The staff room's two ways out, labelled: Hang up and End consultation.
  const controls = doctor.getByRole('group', { name: 'Call controls' });
  await expect(controls.getByRole('button', { name: 'Hang up' })).toBeVisible();
  await expect(controls.getByRole('button', { name: 'End consultation' })).toBeVisible();
  await expect(patientPage.getByRole('button', { name: 'End consultation' })).toHaveCount(0);
  await callShot(doctor, 'staff-room-controls');

  // The doctor hangs up: the patient stays in the call and is told the physician may rejoin.
  await controls.getByRole('button', { name: 'Hang up' }).click();
  await expect(doctor.getByRole('heading', { name: 'You left the call' })).toBeVisible();
  await expect(
    patientPage.getByText('The physician left the call — they may rejoin.', { exact: false }),
  ).toBeVisible();
  await expect(patientPage).toHaveURL(new RegExp(`/video-call/${roomId}`));
  await expect(
    patientPage.getByRole('heading', { name: 'The consultation has ended' }),
  ).toHaveCount(0);
  await callShot(patientPage, 'patient-physician-left');
  await callShot(doctor, 'staff-left-call');

  // The doctor rejoins: both decode frames again.
  await doctor.getByRole('button', { name: 'Rejoin call' }).click();
  await expectConnected(doctor);
  await expectConnected(patientPage);
  await expectFramesRising(doctor, 'doctor after rejoining');
  await expectFramesRising(patientPage, 'patient after the doctor rejoined');
  await expect(patientPage.getByText('The physician left the call', { exact: false })).toHaveCount(
    0,
  );

  // End consultation, confirmed: the call closes for both and the patient's Join goes.
  await controls.getByRole('button', { name: 'End consultation' }).click();
  const confirm = doctor.getByRole('alertdialog', { name: 'End this consultation?' });
  await expect(confirm).toBeVisible();
  await callShot(doctor, 'staff-end-confirm');
  await confirm.getByRole('button', { name: 'End consultation' }).click();
  await expect(doctor.getByRole('heading', { name: 'The consultation has ended' })).toBeVisible();
  await expect(
    patientPage.getByRole('heading', { name: 'The consultation has ended' }),
  ).toBeVisible();
  await callShot(patientPage, 'patient-call-ended');
  expect(await framesDecoded(doctor)).toBe(0);
  expect(await framesDecoded(patientPage)).toBe(0);
  await patientPage.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(patientPage).toHaveURL(/\/patient\/dashboard$/);
  await expect(patientPage.getByRole('link', { name: 'Return to call' })).toHaveCount(0);
  const join2 = patientPage.getByRole('button', { name: 'Join Video Call' });
  for (const button of await join2.all()) await expect(button).toBeDisabled();
  // The room refuses a way back in.
  const token = await patientPage.request.post('/api/video/token', { data: { roomId } });
  expect(token.status()).toBe(409);

  await Promise.all([doctorContext.close(), patientContext.close()]);
});
