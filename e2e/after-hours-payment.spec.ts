import { expect, test } from '@playwright/test';
import { type OwnServer, startOwnServer } from './own-server';
import {
  checkScreen,
  completeIntakeByApi,
  fromOwnAddress,
  registrationBody,
  type TestPatient,
  toastTitled,
  uniqueEmail,
} from './support';

// Paying after hours (issue 21): at 9:35 PM the card was held and the toast said "A doctor will
// see you shortly" while the queue said the clinic opens tomorrow at 9 AM. On a server whose
// CLINIC_HOURS exclude now (one hour, two days ahead), the payment step says when the clinic
// opens and that the patient keeps their place before they pay; the toast and the queue step
// after it say when they will be seen; the payment page says the card is held, not paid.

const port = Number(process.env.E2E_PORT ?? 3100) + 9;
const TIME_ZONE = 'America/Chicago';
const inTwoDays = Date.now() + 2 * 86_400_000;
const day = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, weekday: 'short' }).format(
  inTwoDays,
);
const dayLong = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, weekday: 'long' }).format(
  inTwoDays,
);
const OPENS = new RegExp(`opens ${dayLong}, [A-Z][a-z]{2} \\d{1,2}, 9:00 AM C[SD]T`);
const SHOTS = '/work/briefs/shots';

let server: OwnServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000); // the server's start on a loaded runner
  server = await startOwnServer(port, {
    CLINIC_HOURS: `${day} 09:00-10:00`,
    CLINIC_TIMEZONE: TIME_ZONE,
    SMTP_URL: undefined, // the development outbox
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test('after hours the payment step says when the clinic opens, and every message after tells the truth', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: server!.origin });
  const page = await context.newPage();
  const patient: TestPatient = {
    firstName: 'Noor',
    lastName: 'Latehour',
    email: uniqueEmail('e2e-after-hours'),
    password: 'after-hours-pass',
  };
  // page.request shares the browser's cookies: the page is signed in as this patient.
  const registered = await page.request.post('/api/register', {
    headers: fromOwnAddress(),
    data: registrationBody(patient),
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await completeIntakeByApi(page.request);

  // Before paying: the clinic is closed, when it opens, and the place in line is held.
  await page.goto('/patient/intake?step=3');
  const notice = page.getByTestId('after-hours-notice');
  await expect(
    notice.getByRole('heading', { name: 'You are paying outside clinic hours' }),
  ).toBeVisible();
  await expect(notice).toContainText(OPENS);
  await expect(notice).toContainText('we hold your place');
  await checkScreen(page, 'payment-after-hours');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: `${SHOTS}/care-payment-after-hours-${width}.png`,
      fullPage: true,
    });
  }

  await page.getByLabel('Payment Method').selectOption('credit');
  await page.getByLabel('Cardholder Name').fill('Noor Latehour');
  await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('checkbox', { name: /I consent to receive care/ }).check();
  await page
    .getByRole('checkbox', { name: /I authorize the clinic to prepare and submit/ })
    .check();
  await page
    .getByRole('checkbox', { name: /will not be at a medical marijuana dispensary/ })
    .check();
  await page.getByRole('button', { name: 'Pay $137.30 & Join Queue' }).click();

  // The toast: held, the place kept, the opening; never "shortly".
  await expect(toastTitled(page, 'Payment Successful!')).toBeVisible();
  const region = page.getByRole('region', { name: /Notifications/, includeHidden: true });
  await expect(region).toContainText('Your card is held, not charged.');
  await expect(region).toContainText(/You are number \d+ in line and keep your place/);
  await expect(region).toContainText(OPENS);
  await expect(region).not.toContainText('shortly');

  // The queue step says the same.
  await expect(page.getByRole('heading', { name: '4. Queue' })).toBeVisible();
  await expect(
    page.getByRole('main').getByText(/a physician will see you after it opens/),
  ).toBeVisible();

  // The payment page: the fee is held, not paid.
  await page.goto('/patient/payment');
  await expect(page.getByText('Your fee is held on your card')).toBeVisible();
  await expect(page.getByText(/\$137\.30 held on your card, not charged yet/)).toBeVisible();
  await expect(page.getByText('Your consultation is paid')).toHaveCount(0);
  await context.close();
});
