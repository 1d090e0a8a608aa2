import { type BrowserContext, devices, expect, type Page, test } from '@playwright/test';
import {
  checkScreen,
  expectAccessible,
  fromOwnAddress,
  pdfFile,
  registrationBody,
  toastTitled,
  uniqueEmail,
} from './support';

// Issue 21: a `capture` attribute made phones open the camera only, so a PDF bill could not be
// picked. On a phone every upload offers "Take photo" (front camera for the patient's photo,
// rear for documents) and "Choose file" (no capture) as two inputs, in the upload center and
// in the wizard; a PDF chosen through "Choose file" uploads. A computer shows no camera button.

const { defaultBrowserType: _browser, ...PHONE } = devices['Pixel 7'];
const SHOTS = '/work/briefs/shots';

const CARDS = [
  { name: 'Government-Issued ID', capture: 'environment', pdf: true },
  { name: 'Proof of Oklahoma Residency', capture: 'environment', pdf: true },
  { name: 'Medical Records', capture: 'environment', pdf: true },
  { name: 'Photograph', capture: 'user', pdf: false },
] as const;

async function newPatient(context: BrowserContext) {
  const page = await context.newPage();
  const email = uniqueEmail('e2e-phone');
  const registered = await page.request.post('/api/register', {
    headers: fromOwnAddress(),
    data: registrationBody({
      firstName: 'Riley',
      lastName: 'Phone',
      email,
      password: 'phone-upload-pass-2026',
    }),
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const created = await page.request.post('/api/applications', { data: { type: 'new' } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  return page;
}

/** Each card's two inputs carry the attributes a phone needs. */
async function expectPhonePickers(page: Page) {
  for (const card of CARDS) {
    const group = page.getByRole('group', { name: card.name });
    await expect(group.getByRole('button', { name: /^Take photo/ })).toBeVisible();
    await expect(group.getByRole('button', { name: /^Choose file/ })).toBeVisible();
    const choose = page.getByLabel(`Choose a file for ${card.name}`);
    await expect(choose).not.toHaveAttribute('capture');
    const accept = (await choose.getAttribute('accept')) ?? '';
    expect(accept.includes('application/pdf'), `${card.name} accepts PDF`).toBe(card.pdf);
    expect(accept).toContain('image/jpeg');
    const camera = page.getByLabel(`Take a photo for ${card.name}`);
    await expect(camera).toHaveAttribute('capture', card.capture);
    await expect(camera).toHaveAttribute('accept', /image\/jpeg/);
    expect(await camera.getAttribute('accept')).not.toContain('pdf');
  }
}

async function shoot(page: Page, name: string, width: number) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/web-b-${name}-${width}.png`, fullPage: true });
}

test('on a phone the upload center offers Take photo and Choose file; a PDF uploads', async ({
  browser,
}) => {
  const phone = await browser.newContext(PHONE);
  const page = await newPatient(phone);
  await page.goto('/patient/documents');
  await expect(page.getByRole('heading', { name: 'Document Upload Center' })).toBeVisible();
  await expectPhonePickers(page);
  await expect(page.getByTestId('required-documents-progress')).toContainText(
    '0 of 3 required documents uploaded. Still needed: Government-Issued ID, Proof of Oklahoma Residency, Photograph.',
  );
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await shoot(page, 'upload-center', 360);

  // A PDF bill through "Choose file": the file chooser is the input without capture.
  const residency = page.getByRole('group', { name: 'Proof of Oklahoma Residency' });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    residency.getByRole('button', { name: /^Choose file/ }).click(),
  ]);
  expect(await chooser.element().getAttribute('aria-label')).toBe(
    'Choose a file for Proof of Oklahoma Residency',
  );
  expect(await chooser.element().getAttribute('capture')).toBeNull();
  await chooser.setFiles(pdfFile('electric-bill.pdf'));
  await expect(toastTitled(page, 'Document uploaded successfully')).toBeVisible();
  await expect(residency.getByText('electric-bill.pdf', { exact: true })).toBeVisible();
  const stored = await page.request.get('/api/patient/documents');
  expect(await stored.json()).toEqual([
    expect.objectContaining({
      category: 'proof_of_residency',
      type: 'application/pdf',
      name: 'electric-bill.pdf',
    }),
  ]);
  // A card with its file keeps both actions, to take or choose a replacement.
  await expect(residency.getByRole('button', { name: /^Take photo/ })).toBeVisible();
  await expect(residency.getByRole('button', { name: /^Choose file/ })).toBeVisible();
  await expect(page.getByTestId('required-documents-progress')).toContainText(
    '1 of 3 required documents uploaded. Still needed: Government-Issued ID, Photograph.',
  );

  // The wizard's document step offers the same two actions.
  await page.goto('/patient/intake?step=2');
  await expect(page.getByRole('heading', { name: '2. Documents' })).toBeVisible();
  await expectPhonePickers(page);
  await expect(
    page.getByRole('group', { name: 'Medical Records' }).getByText('Optional', { exact: true }),
  ).toBeVisible();
  await shoot(page, 'wizard-documents', 360);
  await phone.close();
});

test('on a computer there is one Browse Files button and no camera input', async ({ browser }) => {
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await newPatient(desktop);
  await page.goto('/patient/documents');
  await expect(page.getByRole('heading', { name: 'Document Upload Center' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Browse Files' })).toHaveCount(4);
  await expect(page.getByRole('button', { name: /^Take photo/ })).toHaveCount(0);
  await expect(page.locator('input[type=file][capture]')).toHaveCount(0);
  await shoot(page, 'upload-center', 1280);
  await page.goto('/patient/intake?step=2');
  await expect(page.getByRole('heading', { name: '2. Documents' })).toBeVisible();
  await shoot(page, 'wizard-documents', 1280);
  await checkScreen(page, 'phone-uploads-wizard-desktop');
  await desktop.close();
});
