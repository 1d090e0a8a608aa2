import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  completeIntakeByApi,
  expectAccessible,
  fromOwnAddress,
  pngFile,
  registrationBody,
  type TestPatient,
  toastTitled,
  uniqueEmail,
} from './support';

// Issue 11, "Forms that speak where the problem is", in the intake wizard on a phone: every
// error at once beside its field, focus on the first, a role="alert" summary, nothing sideways
// at 360 px, and toasts only for outcomes, at the bottom where they cover neither the header
// nor the form's first field.

const SHOTS = process.env.WIZARD_SHOTS_DIR ?? path.resolve('test-results/wizard-shots');
mkdirSync(SHOTS, { recursive: true });
const PHONE = { width: 360, height: 780 };

test.use({ viewport: PHONE });

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth,
  );
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** The control is marked invalid, and its message is visible just below it and read with it. */
async function expectErrorBeside(control: Locator, message: string | RegExp) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(message);
  const describedBy = (await control.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
  expect(errorId, 'the control points at its error').toBeTruthy();
  const error = control.page().locator(`[id="${errorId}"]`);
  await expect(error).toBeVisible();
  await expect(error).toHaveText(message);
  const [c, e] = await Promise.all([control.boundingBox(), error.boundingBox()]);
  expect(c && e && e.y - (c.y + c.height)).toBeLessThan(80);
}

/** Saves the page at 360 and 1280 px in its current (error) state, checking for sideways scroll. */
async function shoot(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await expectNoSidewaysScroll(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

const summaryOf = (page: Page) => page.getByRole('alert').filter({ hasText: /Please fix/ });
/** No validation toast: the toast region holds no error. */
const errorToasts = (page: Page) =>
  page
    .getByRole('region', { name: /Notifications/, includeHidden: true })
    .locator('li[class*="bg-destructive"]');

async function newPatient(page: Page, prefix: string) {
  const patient: TestPatient = {
    firstName: 'Avery',
    lastName: 'Fields',
    email: uniqueEmail(prefix),
    password: 'fields-secret-pass',
  };
  // page.request shares the browser's cookies: the page is signed in as this patient.
  const registered = await page.request.post('/api/register', {
    headers: fromOwnAddress(),
    data: registrationBody(patient),
  });
  expect(registered.status(), await registered.text()).toBe(201);
}

test('the application step shows every error beside its field at 360 px', async ({ page }) => {
  await newPatient(page, 'e2e-intake-errors');
  await page.goto('/patient/intake');
  await expect(page.getByRole('heading', { name: '1. Application' })).toBeVisible();
  // The boxes that bring more required fields with them.
  await page.getByRole('checkbox', { name: 'I need to designate a caregiver' }).check();
  await page.getByRole('checkbox', { name: 'I qualify for a reduced fee' }).check();
  await page.getByRole('button', { name: 'Submit Application' }).click();

  const summary = summaryOf(page);
  await expect(summary).toBeVisible();
  await expect(summary).toContainText('Please fix these 4 problems:');
  const description = page.getByLabel('Condition Description');
  await expect(description).toBeFocused();
  await expectErrorBeside(description, 'Medical condition description is required');
  await expectErrorBeside(
    page.getByLabel('Caregiver First Name'),
    'Caregiver first name is required',
  );
  await expectErrorBeside(
    page.getByLabel('Caregiver Last Name'),
    'Caregiver last name is required',
  );
  await expectErrorBeside(page.getByLabel('Reduced Fee Reason'), 'Reduced Fee Reason Required');
  for (const name of [
    /^Condition 1 description:/,
    /^Caregiver First Name:/,
    /^Caregiver Last Name:/,
    /^Reduced Fee Reason:/,
  ])
    await expect(summary.getByRole('link', { name })).toBeVisible();
  // The summary sits at the top of the form, above the first card.
  const [summaryBox, typeBox] = await Promise.all([
    summary.boundingBox(),
    page.getByRole('heading', { name: 'Application Type' }).boundingBox(),
  ]);
  expect(summaryBox && typeBox && summaryBox.y < typeBox.y).toBe(true);
  await expect(errorToasts(page)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shoot(page, 'intake-application-errors');

  // A summary link takes the patient to its field; fixing a field takes its error away.
  await summary.getByRole('link', { name: /^Reduced Fee Reason:/ }).click();
  await expect(page.getByLabel('Reduced Fee Reason')).toBeFocused();
  await description.fill('Chronic pain');
  await page.getByLabel('Caregiver First Name').fill('Sam');
  await page.getByLabel('Caregiver Last Name').fill('Fields');
  await page.getByLabel('Relationship to Patient').fill('Spouse');
  await page.getByLabel('Reduced Fee Reason').selectOption('medicare');

  // The proof is a file outside the form's values: its problem joins the same summary.
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(summary).toContainText('Please fix 1 problem:');
  await expect(summary.getByRole('link', { name: /^Proof of Qualification:/ })).toBeVisible();
  const proof = page.getByLabel('Proof of Qualification');
  await expect(proof).toBeFocused();
  await expectErrorBeside(proof, /Proof of qualification is required/);
  await expect(errorToasts(page)).toHaveCount(0);

  // The outcome is a toast, at the bottom: it covers neither the header nor the first field.
  await page.getByRole('checkbox', { name: 'I qualify for a reduced fee' }).uncheck();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Submit Application' }).click();
  const saved = toastTitled(page, 'Application Submitted');
  await expect(saved).toBeVisible();
  const toastBox = await saved.boundingBox();
  const headerBox = await page.getByRole('banner').boundingBox();
  expect(toastBox && headerBox && toastBox.y > headerBox.y + headerBox.height).toBe(true);
  expect(toastBox && toastBox.y > PHONE.height / 2).toBe(true);
  await page.screenshot({ path: path.join(SHOTS, 'intake-saved-toast-360.png') });
  await expect(page.getByRole('heading', { name: '2. Documents' })).toBeVisible();
});

test('the documents step says which files are missing when Continue is pressed', async ({
  page,
}) => {
  await newPatient(page, 'e2e-intake-docs');
  const application = await page.request.post('/api/applications', { data: { type: 'new' } });
  expect(application.status()).toBeLessThan(300);
  const { id } = (await application.json()) as { id: string };
  const condition = await page.request.post(`/api/applications/${id}/medical-conditions`, {
    data: { icdCode: 'G89.29', description: 'Chronic pain' },
  });
  expect(condition.status()).toBe(201);

  await page.goto('/patient/intake?step=2');
  await expect(page.getByRole('heading', { name: '2. Documents' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Consent and Payment' }).click();

  const summary = summaryOf(page);
  await expect(summary).toContainText('Please fix these 3 problems:');
  for (const name of ['Government-Issued ID', 'Proof of Oklahoma Residency', 'Photograph'])
    await expect(summary.getByRole('link', { name: new RegExp(`^${name}:`) })).toBeVisible();
  // Focus is on the first missing file's upload button, which reads the card's message.
  const firstUpload = page
    .getByRole('group', { name: 'Government-Issued ID' })
    .getByRole('button', { name: /Browse Files|Take photo/ });
  await expect(firstUpload).toBeFocused();
  await expect(firstUpload).toHaveAccessibleDescription(/Upload this document to continue\./);
  await expect(
    page.getByRole('group', { name: 'Photograph' }).getByText('Upload this document to continue.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/step=2/);
  await expect(errorToasts(page)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shoot(page, 'intake-documents-missing');

  // An upload takes its file off the list; the rest stay.
  await page.getByLabel('Choose a file for Photograph').setInputFiles(pngFile('face.png'));
  await expect(page.getByText('face.png', { exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: /^Photograph:/ })).toHaveCount(0);
  await expect(summary).toContainText('Please fix these 2 problems:');
});

test('the queue step says beside the checkbox that the statement is needed', async ({ page }) => {
  await newPatient(page, 'e2e-intake-queue');
  await completeIntakeByApi(page.request);
  // Paid without the statement: the fee is held and nobody is queued.
  const paid = await page.request.post('/api/process-payment', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      amount: '137.30',
      cardNumber: '4242 4242 4242 4242',
      expiryDate: '12/39',
      cvv: '123',
      billingName: 'Avery Fields',
      applicationType: 'new',
      hasReducedFee: false,
      paymentMethod: 'credit',
      consent: true,
      stateApplicationAuthorized: true,
      notAtDispensary: false,
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  await page.goto('/patient/intake');
  await expect(page.getByRole('heading', { name: '4. Queue' })).toBeVisible();
  const join = page.getByRole('button', { name: 'Join the queue' });
  await join.click();
  const statement = page.getByRole('checkbox', {
    name: /will not be at a medical marijuana dispensary/,
  });
  await expect(statement).toBeFocused();
  await expectErrorBeside(
    statement,
    'Please confirm that you will not be at a dispensary during your video consultation.',
  );
  await expect(summaryOf(page).getByRole('link', { name: /^Dispensary statement:/ })).toBeVisible();
  await expect(errorToasts(page)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shoot(page, 'intake-queue-statement');

  // The server's refusals show in place too: the statement beside the checkbox...
  await page.route('**/api/queue/join', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        message:
          'Please confirm that you will not be at a dispensary during your video consultation.',
      }),
    }),
  );
  await statement.check();
  await expect(statement).not.toHaveAttribute('aria-invalid');
  await join.click();
  await expect(statement).toHaveAttribute('aria-invalid', 'true');
  await expect(statement).toBeFocused();
  await expect(errorToasts(page)).toHaveCount(0);

  // ...and what is missing in the step's list (a document turned down meanwhile, say).
  await page.unroute('**/api/queue/join');
  await page.route('**/api/queue/join', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Before joining the queue, please add: Photograph' }),
    }),
  );
  await join.click();
  await expect(page.getByRole('heading', { name: 'A few things before the queue' })).toBeVisible();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Before joining the queue, please add: Photograph.' }),
  ).toBeVisible();
  await expect(errorToasts(page)).toHaveCount(0);
  await page.unroute('**/api/queue/join');
  await shoot(page, 'intake-queue-missing');
  await page.getByRole('button', { name: 'Continue your application' }).click();
  await expect(page.getByRole('heading', { name: '2. Documents' })).toBeVisible();
});
