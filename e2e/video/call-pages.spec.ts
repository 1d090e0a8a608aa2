import { expect, test } from '@playwright/test';
import {
  checkScreen,
  DEMO_PASSWORD,
  registerAndPay,
  signIn,
  type TestPatient,
  toastTitled,
  uniqueEmail,
} from '../support';

// The call pages' refusals and errors (staff-and-video.md §2 Video call screens, §8): a room
// that is not yours, a page without its session, and a browser without WebRTC.

let roomId = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  const patient: TestPatient = {
    firstName: 'Quinn',
    lastName: `Roomowner${Math.random().toString(36).slice(2, 6)}`,
    email: uniqueEmail('e2e-room-owner'),
    password: 'room-owner-pass',
  };
  const api = await playwright.request.newContext({ baseURL });
  const queueId = await registerAndPay(api, patient);
  await api.dispose();
  const doctor = await playwright.request.newContext({ baseURL });
  const login = await doctor.post('/api/login', {
    data: { email: 'doctor@demo.test', password: DEMO_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const started = await doctor.post('/api/admin/start-video-call', { data: { queueId } });
  expect(started.status(), await started.text()).toBe(200);
  roomId = (await started.json()).roomId;
  expect(roomId).toBeTruthy();
  await doctor.dispose();
});

test("another patient cannot enter someone's consultation room", async ({ page }) => {
  await signIn(page, 'riley@demo.test');
  await expect(page).toHaveURL(/\/patient\/dashboard$/);
  await page.goto(`/video-call/${roomId}?role=patient`);
  await expect(toastTitled(page, 'Unable to join the call')).toBeVisible();
  await expect(page.getByText('You cannot join this video session', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/patient\/dashboard$/);
});

test('an unknown room turns the visitor away', async ({ page }) => {
  await signIn(page, 'riley@demo.test');
  await expect(page).toHaveURL(/\/patient\/dashboard$/);
  await page.goto('/video-call/no-such-room?role=patient');
  await expect(page.getByText('Video room not found', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/patient\/dashboard$/);
});

test('the consultation pages need their session', async ({ page }) => {
  await signIn(page, 'riley@demo.test');
  await expect(page).toHaveURL(/\/patient\/dashboard$/);
  await page.goto('/patient/video-consultation?applicationId=abc');
  await expect(page.getByRole('heading', { name: 'Video Call Error' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Session ID required' })).toHaveText(
    'Session ID required - please join consultation from patient portal',
  );
  await checkScreen(page, 'video-session-required');

  await page.context().clearCookies();
  await signIn(page, 'doctor@demo.test');
  await expect(page).toHaveURL(/\/doctor\/dashboard$/);
  await page.goto('/doctor/video-consultation?patient=abc');
  await expect(
    page.getByText('Session ID required - please start consultation from admin dashboard'),
  ).toBeVisible();
});

test('a browser without WebRTC sees Video Call Error with Retry', async ({ page }) => {
  await page.addInitScript(() => {
    // @ts-expect-error: this browser pretends to lack WebRTC
    delete window.RTCPeerConnection;
  });
  await signIn(page, 'doctor@demo.test');
  await expect(page).toHaveURL(/\/doctor\/dashboard$/);
  await page.goto(`/video-call/${roomId}?role=doctor`);
  await expect(page.getByRole('heading', { name: 'Video Call Error' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'WebRTC' })).toHaveText(
    'WebRTC not supported in this browser',
  );
  await checkScreen(page, 'video-call-error');
  // Retry reloads the page.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Retry' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { name: 'Video Call Error' })).toBeVisible();
});
