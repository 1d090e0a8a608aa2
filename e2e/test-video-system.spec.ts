import { expect, type Page, test } from '@playwright/test';
import config from '../playwright.config';
import { checkScreen, registerAndPay, toastTitled, uniqueEmail } from './support';

// Issue 21, item 13: "Test Video System" on the queue page opened a placeholder. It opens the
// real check at /video-demo in a new tab: the camera's preview plays, the microphone's level
// moves, the test sound plays. Chromium's fake camera and microphone, granted without a prompt.

const launchOptions = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

/** The preview's playback position, and whether it plays at the camera's size. */
const previewState = (page: Page) =>
  page.getByLabel('Your camera preview (mirrored)').evaluate((v: HTMLVideoElement) => ({
    playing: !v.paused && v.videoWidth > 0,
    time: v.currentTime,
  }));

const micLevel = (page: Page) =>
  page.getByRole('meter', { name: 'Microphone level' }).evaluate((m: HTMLMeterElement) => m.value);

test('"Test Video System" opens the camera, microphone and speaker check', async ({ page }) => {
  test.setTimeout(150_000);
  await registerAndPay(page.request, {
    firstName: 'Tess',
    lastName: 'Devices',
    email: uniqueEmail('e2e-video-test'),
    password: 'video-test-secret',
  });
  await page.goto('/patient/queue');
  const button = page.getByRole('link', { name: /Test Video System/ });
  await expect(button).toHaveAttribute('target', '_blank');

  const [check] = await Promise.all([page.waitForEvent('popup'), button.click()]);
  await expect(check).toHaveURL(/\/video-demo$/);
  await expect(check.getByRole('heading', { name: 'Video Demo', level: 1 })).toBeVisible();
  // The queue page stays where it was, behind the check.
  await expect(page).toHaveURL(/\/patient\/queue$/);

  // The camera's preview plays: it has a size and its time moves on.
  await expect.poll(async () => (await previewState(check)).playing).toBe(true);
  const { time } = await previewState(check);
  await expect.poll(async () => (await previewState(check)).time).toBeGreaterThan(time);
  await expect(check.getByText(/^Camera: working/)).toBeVisible();
  await expect(check.getByText(/^Microphone: working/)).toBeVisible();

  // The fake microphone beeps: the meter shows a level, and the level changes.
  const startMeter = check.getByRole('button', { name: 'Start the level meter' });
  if (await startMeter.isVisible()) await startMeter.click();
  const levels = new Set<number>();
  await expect
    .poll(
      async () => {
        levels.add(await micLevel(check));
        return [...levels].filter((level) => level > 0).length;
      },
      { timeout: 15_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(2);

  await check.getByRole('button', { name: 'Play test sound' }).click();
  await expect(check.getByRole('button', { name: 'Playing...' })).toBeVisible();
  await expect(check.getByRole('button', { name: 'Play test sound' })).toBeEnabled();
  await expect(toastTitled(check, 'Could not play the test sound')).toHaveCount(0);
  await checkScreen(check, 'video-demo-from-queue');
});
