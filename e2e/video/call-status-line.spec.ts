import { devices, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, registerAndPay, signIn, type TestPatient, uniqueEmail } from '../support';

// Issue 21: the call screen's status line says the connection in words, coloured only when it
// is good (green) or in trouble, never the raw state ("new" in red) while the patient waits
// alone; a phone is not offered Share screen, a computer is.

const SHOTS = '/work/briefs/shots';
const { defaultBrowserType: _browser, ...PHONE } = devices['Pixel 7'];
const statusOf = (page: Page) => page.locator('[data-status]').first();
const shareButton = (page: Page) => page.getByRole('button', { name: /Share screen/ });

async function shootBar(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
  await page.screenshot({ path: `${SHOTS}/web-b-${name}-${width}.png` });
}

test('the patient waiting alone sees words, not "new" in red; no Share screen on a phone', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const patient: TestPatient = {
    firstName: 'Casey',
    lastName: `Statusline${Math.random().toString(36).slice(2, 6)}`,
    email: uniqueEmail('e2e-status-line'),
    password: 'status-line-pass-2026',
  };
  const phone = await browser.newContext({
    ...PHONE,
    baseURL,
    permissions: ['camera', 'microphone'],
  });
  const patientPage = await phone.newPage();
  const queueId = await registerAndPay(patientPage.request, patient);

  const doctorContext = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    permissions: ['camera', 'microphone'],
  });
  const doctor = await doctorContext.newPage();
  const login = await doctor.request.post('/api/login', {
    data: { email: 'doctor@demo.test', password: DEMO_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const started = await doctor.request.post('/api/admin/start-video-call', { data: { queueId } });
  expect(started.status(), await started.text()).toBe(200);
  const roomId = (await started.json()).roomId as string;

  // Alone in the room: waiting, in a neutral colour.
  await patientPage.goto(`/patient/video-consultation?session=${roomId}`);
  await expect(statusOf(patientPage)).toHaveAttribute('data-status', 'new', { timeout: 30_000 });
  await expect(statusOf(patientPage)).toHaveText('Waiting');
  await expect(statusOf(patientPage)).toHaveAttribute('data-tone', 'neutral');
  const background = await statusOf(patientPage).evaluate(
    (el) => getComputedStyle(el).backgroundColor,
  );
  expect(background, 'not red').not.toMatch(/rgb\(2[0-5]\d, \d{1,2}, \d{1,2}\)/);
  await expect(patientPage.getByRole('button', { name: /^(Mute|Unmute)/ })).toBeVisible();
  await expect(shareButton(patientPage)).toHaveCount(0);
  await shootBar(patientPage, 'call-waiting', 360);
  await shootBar(patientPage, 'call-waiting-phone-ua', 1280);

  // The physician joins from a computer: connected, in words and green; Share screen offered.
  await signIn(doctor, 'doctor@demo.test');
  await expect(doctor).toHaveURL(/\/doctor\/dashboard$/);
  await doctor.goto(`/video-call/${roomId}?role=doctor`);
  await expect(statusOf(patientPage)).toHaveAttribute('data-status', 'connected', {
    timeout: 30_000,
  });
  await expect(statusOf(patientPage)).toHaveText('Connected');
  await expect(statusOf(patientPage)).toHaveAttribute('data-tone', 'green');
  await expect(statusOf(doctor)).toHaveText('Connected', { timeout: 30_000 });
  await expect(shareButton(doctor)).toBeVisible();
  await expect(shareButton(patientPage)).toHaveCount(0);
  await shootBar(patientPage, 'call-connected', 360);
  await shootBar(doctor, 'call-connected-doctor', 1280);

  await Promise.all([phone.close(), doctorContext.close()]);
});
