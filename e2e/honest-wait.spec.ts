import { expect, test } from '@playwright/test';
import { checkScreen, registerAndPay, signIn, type TestPatient, uniqueEmail } from './support';

// Honest waits (issue 11): with no physician on duty the queue shows the place but no minutes
// or progress; outside CLINIC_HOURS it says when the clinic opens; a physician coming on duty
// is announced with a notification (the patient allowed them with the button).
// Run it once with the default hours and once with, e.g., CLINIC_HOURS='Sat 10:00-11:00' to
// see the closed clinic.

test('the queue is honest with no physician on duty, then announces one', async ({
  browser,
  page,
  context,
}) => {
  const patient: TestPatient = {
    firstName: 'Robin',
    lastName: 'Waiting',
    email: uniqueEmail('e2e-honest-wait'),
    password: 'honest-wait-pass',
  };
  // page.request shares the browser's cookies: the page is signed in as this patient.
  await registerAndPay(page.request, patient);
  await context.grantPermissions(['notifications']);
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { shownNotifications: string[] }).shownNotifications = shown;
    class RecordingNotification {
      static permission = 'default';
      static requestPermission = async () => {
        RecordingNotification.permission = 'granted';
        return 'granted';
      };
      constructor(title: string) {
        shown.push(title);
      }
    }
    Object.defineProperty(window, 'Notification', { value: RecordingNotification });
  });

  await page.goto('/patient/queue');
  await expect(page.getByText('Waiting in Queue')).toBeVisible();
  await expect(page.getByTestId('queue-position')).toHaveText(/^#\d+$/);
  await expect(page.getByTestId('queue-wait')).toHaveText('No physician on duty');
  await expect(page.getByText('Queue progress')).toHaveCount(0);
  const status = await (await page.request.get('/api/queue/status')).json();
  const closed = status.clinicOpensAt !== null;
  if (closed) await expect(page.getByTestId('clinic-opens')).toContainText('It opens');
  else await expect(page.getByTestId('clinic-opens')).toHaveCount(0);
  // Permission is asked only when the patient presses the button.
  await page.getByRole('button', { name: 'Notify me when a physician is on duty' }).click();
  await expect(page.getByTestId('notify-on')).toBeVisible();
  await checkScreen(page, closed ? 'queue-clinic-closed' : 'queue-no-physician');

  // A physician signs in: their live connection puts them on duty; the page says so at once.
  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  await signIn(doctor, 'doctor@demo.test');
  await expect(doctor.getByRole('status').filter({ hasText: 'Online' })).toBeVisible();
  await expect(page.getByTestId('queue-wait')).toHaveText(/^\d+\s*min$/);
  await expect(page.getByText('Queue progress')).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { shownNotifications: string[] }).shownNotifications,
      ),
    )
    .toEqual(['A physician is on duty']);
  await checkScreen(page, 'queue-physician-on-duty');
  await doctorContext.close();

  const left = await page.request.post('/api/queue/leave');
  expect(left.status()).toBe(200);
});
