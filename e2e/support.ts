import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { QUEUE_REQUIRED_DOCUMENTS } from '../src/shared/documents';
import { cardPng, colourFor } from './png-fixture';

export const DEMO_PASSWORD = 'demo-pass-2026';

/** A demo staff member's signed-in API client, for the steps a journey takes off-screen. */
export async function staffApi(
  playwright: { request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> } },
  baseURL: string,
  email: string,
) {
  const api = await playwright.request.newContext({ baseURL });
  const login = await api.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}
/** The password the journeys give the staff members they create. */
export const STAFF_PASSWORD = 'lantern-orchid-basalt-42';
export const SCREENSHOT_DIR = path.resolve('e2e/screenshots');
mkdirSync(SCREENSHOT_DIR, { recursive: true });
/**
 * Whether checkScreen saves its two full-page screenshots: on a developer's machine, for people
 * to look at; not in CI (`CI=true`, .ci/run), where nobody looks at them and they cost a second
 * or more a screen on a loaded runner, unless E2E_SCREENSHOTS=1 asks. No assertion reads them:
 * axe and the sideways-scroll check at both widths run either way.
 */
const SAVE_SCREENSHOTS = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

/** Fails on serious or critical accessibility violations (DESIGN.md principle 5). */
export async function expectAccessible(page: Page) {
  // Only violations are read, so only they are gathered node by node: the same violations,
  // found about a third faster than with every pass and every inapplicable rule listed.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** Checks the page with axe, then saves it at phone and desktop widths. */
export async function checkScreen(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
  const original = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    // Nothing may overflow sideways on a phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
    if (!SAVE_SCREENSHOTS) continue;
    // From the top, so the sticky header is not drawn in the middle of a full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`),
      fullPage: true,
    });
  }
  if (original) await page.setViewportSize(original);
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;

/** A tiny but real PDF (the server decides a file's type by its content). */
export const pdfFile = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
});

/** A real, small but visible PNG (64×40; the room's screenshots show the ID and photo). */
export const pngFile = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: cardPng(colourFor(name)),
});

export interface TestPatient {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Registers a patient through /register (an Oklahoma address); lands on the application wizard. */
export async function registerThroughUi(page: Page, patient: TestPatient) {
  await page.goto('/register');
  await page.getByLabel('First Name').fill(patient.firstName);
  await page.getByLabel('Last Name').fill(patient.lastName);
  await page.getByLabel('Email').fill(patient.email);
  await page.getByLabel('Password', { exact: true }).fill(patient.password);
  await page.getByLabel('Confirm Password').fill(patient.password);
  await page.getByLabel('Date of Birth').fill('1985-03-09');
  await page.getByLabel('Street Address').fill('2300 N Lincoln Blvd');
  await page.getByLabel('City').fill('Oklahoma City');
  await page.getByLabel('ZIP Code').fill('73105');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/patient\/intake$/);
}

/**
 * Each patient a journey creates through the API comes from an address of its own, as real
 * patients do: the e2e server trusts the loopback proxy (TRUST_PROXY), so the clinic's limit of
 * registrations per address and hour counts them apart instead of refusing the suite's 21st.
 */
export function fromOwnAddress(): Record<string, string> {
  const octet = (n: number) => Math.floor(Math.random() * n);
  return { 'X-Forwarded-For': `100.${64 + octet(64)}.${octet(256)}.${1 + octet(254)}` };
}

/** The registration payload for a patient created through the API. */
export const registrationBody = (patient: TestPatient) => ({
  firstName: patient.firstName,
  lastName: patient.lastName,
  email: patient.email,
  password: patient.password,
  confirmPassword: patient.password,
  dateOfBirth: '1979-11-21',
  address: '401 S Boston Ave',
  city: 'Tulsa',
  state: 'OK',
  zipCode: '74103',
});

/**
 * Text in the toast region (one toast shows at a time, spec §9). A modal dialog hides the
 * region from the accessibility tree (Radix announces toasts separately), hence includeHidden.
 */
export const toastTitled = (page: Page, title: string | RegExp) =>
  page
    .getByRole('region', { name: /Notifications/, includeHidden: true })
    .getByText(title, { exact: typeof title === 'string' })
    .first();

/** A file in a multipart body, as Playwright's request client takes it. */
export interface FilePart {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * What the helpers below need of an API client: Playwright's APIRequestContext, or
 * cluster/page-api.ts's, which sends from inside a browser page (the cluster lab's network).
 */
export interface ApiClient {
  post(
    url: string,
    options?: {
      headers?: Record<string, string>;
      data?: object;
      multipart?: Record<string, string | FilePart>;
    },
  ): Promise<{ status(): number; text(): Promise<string>; json(): Promise<unknown> }>;
}

/**
 * The intake the queue requires (issue 11), through the API the wizard uses: the application
 * with a condition and the three required documents. Answers the application id.
 */
export async function completeIntakeByApi(api: ApiClient): Promise<string> {
  const created = await api.post('/api/applications', { data: { type: 'new' } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const { id } = (await created.json()) as { id: string };
  const condition = await api.post(`/api/applications/${id}/medical-conditions`, {
    data: { icdCode: 'G89.29', description: 'Chronic pain' },
  });
  expect(condition.status(), await condition.text()).toBe(201);
  for (const type of ['id', 'residency_proof', 'photo']) {
    const uploaded = await api.post('/api/documents/upload', {
      multipart: { type, applicationId: id, document: pngFile(`${type}.png`) },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  return id;
}

/**
 * The physician approves the patient's ID, residency and photo, as from the room's chart:
 * an approval is refused while one is under review (issue 21). `patientId` is the profile id
 * the consultation names; the doctor must be seeing the patient.
 */
export async function approveRequiredDocumentsByApi(staff: APIRequestContext, patientId: string) {
  const record = await staff.get(`/api/admin/patients/${patientId}/record`);
  expect(record.status(), await record.text()).toBe(200);
  const { documents } = (await record.json()) as {
    documents: { id: string; category: string; status: string }[];
  };
  const required: readonly string[] = QUEUE_REQUIRED_DOCUMENTS;
  for (const doc of documents.filter((d) => required.includes(d.category))) {
    if (doc.status === 'approved') continue;
    const review = await staff.post(`/api/admin/documents/${doc.id}/review`, {
      data: { status: 'approved' },
    });
    expect(review.status(), await review.text()).toBe(200);
  }
}

/**
 * Registers a patient through the API, completes the intake and pays with the dispensary
 * statement: they are waiting in the queue (its id).
 */
export async function registerAndPay(api: ApiClient, patient: TestPatient): Promise<string> {
  const registered = await api.post('/api/register', {
    headers: fromOwnAddress(),
    data: registrationBody(patient),
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await completeIntakeByApi(api);
  const paid = await api.post('/api/process-payment', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      amount: '137.30',
      cardNumber: '4242 4242 4242 4242',
      expiryDate: '12/39',
      cvv: '123',
      billingName: `${patient.firstName} ${patient.lastName}`,
      applicationType: 'new',
      hasReducedFee: false,
      paymentMethod: 'credit',
      consent: true,
      stateApplicationAuthorized: true,
      notAtDispensary: true,
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const { queue } = (await paid.json()) as { queue: { id: string; status: string } };
  expect(queue.status).toBe('waiting');
  return queue.id;
}

/** A link in the staff console's sidebar (issue 12), by its area's name (a badge may follow). */
export const consoleLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', {
    name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*(,|$)`),
  });

/**
 * Opens a console area from the sidebar; on a phone, through the menu sheet first. Retried as
 * a whole: right after sign-in the frame may still be swapping in (the /admin/dashboard
 * redirect), so a menu button seen a moment ago can be gone.
 */
export async function openConsoleArea(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  const link = consoleLink(page, name);
  await expect(async () => {
    if (!(await link.isVisible()) && (await menu.isVisible())) await menu.click({ timeout: 2_000 });
    await expect(link).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await link.click();
}

/** A message the e2e server's SMTP server received (scripts/e2e-server.mjs). */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text part, in order. */
  links: string[];
}

/**
 * Waits for a message to `to` whose subject matches, as delivered over SMTP by the app and
 * written into E2E_MAIL_DIR (set by playwright.config.ts), and answers the newest one.
 */
export async function receivedMail(
  to: string,
  subjectMatch: string | RegExp,
  timeoutMs = 20_000,
): Promise<ReceivedMail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (playwright.config.ts sets it)');
  const matches = (subject: string) =>
    typeof subjectMatch === 'string' ? subject.includes(subjectMatch) : subjectMatch.test(subject);
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        const all = readdirSync(dir)
          .filter((name) => name.endsWith('.json'))
          .sort()
          .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as ReceivedMail);
        found = all.reverse().find((m) => m.to === to.toLowerCase() && matches(m.subject));
        return Boolean(found);
      },
      { message: `a message to ${to} about ${subjectMatch}`, timeout: timeoutMs },
    )
    .toBe(true);
  return found!;
}

/** The link in a received message that goes to `pathname` (e.g. /reset-password). */
export function mailLink(mail: ReceivedMail, pathname: string): string {
  const link = mail.links.find((l) => new URL(l).pathname === pathname);
  if (!link) throw new Error(`no ${pathname} link in "${mail.subject}"`);
  return link;
}
