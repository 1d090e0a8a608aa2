import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { type OwnServer, startOwnServer } from './own-server';
import { SCREENSHOT_DIR, signIn } from './support';

// `npm run demo`'s clinic, as a newcomer sees it: a server of its own seeded with
// SEED_DEMO=clinic (the other journeys run against accounts only), every staff page visited
// as the master admin (the doctor's dashboard as the doctor), each showing data, not its
// empty state, with one screenshot per page attached to the report.

const port = Number(process.env.E2E_DEMO_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1);
const demoURL = `http://127.0.0.1:${port}`;

interface StaffPage {
  name: string;
  url: string;
  as?: 'doctor';
  /** Text only the demo's data puts there, or the element that holds it. */
  shows: RegExp | string | ((main: Locator) => Locator);
  /** The page's empty state, which must not show. */
  empty?: RegExp | string;
  /** Anything the page needs before it shows data (a search, a tab). */
  prepare?: (page: Page) => Promise<void>;
}

export const STAFF_PAGES: StaffPage[] = [
  {
    name: 'meetings',
    url: '/admin/meetings',
    shows: 'Whitehorse',
    empty: 'No active meetings',
  },
  {
    name: 'waiting',
    url: '/admin/waiting',
    shows: 'Lockhart',
    empty: 'No Patients Waiting',
  },
  {
    name: 'follow-up',
    url: '/admin/follow-up',
    shows: 'Bennett',
    empty: 'No post-consultation tasks',
  },
  {
    name: 'transcriptions',
    url: '/admin/transcriptions',
    shows: 'Postoak',
    empty: 'No transcriptions stored yet',
  },
  {
    name: 'documents',
    url: '/admin/documents',
    shows: 'Delaney',
    empty: 'No patient has uploaded a document yet.',
  },
  { name: 'users', url: '/admin/users', shows: 'doctor@demo.test' },
  {
    name: 'keywords',
    url: '/admin/keywords',
    shows: 'chronic pain',
  },
  {
    name: 'analytics',
    url: '/admin/analytics',
    shows: /Revenue/,
    empty: 'No activity in this period',
  },
  {
    name: 'search-notes',
    url: '/admin/search-notes',
    shows: 'Whitfield',
    empty: /No notes match/,
    prepare: async (page) => {
      await page.getByLabel('Search consultation notes').fill('sleep');
      await page.getByRole('button', { name: /Search/ }).click();
    },
  },
  {
    name: 'production',
    url: '/admin/production',
    // The key figures: approvals out of the patients registered in the period.
    shows: /of [1-9]\d* who registered/,
  },
  {
    name: 'automated',
    url: '/admin/automated',
    // The patient queue names each patient in line or in a call (issue 12).
    shows: 'Lockhart',
    empty: 'No Patients Waiting',
  },
  {
    name: 'fees',
    url: '/admin/fees',
    // The fees in force: a new license at the standard fee, OMMA's $104.30 + $33.00.
    shows: (main) => main.getByRole('table', { name: 'Fees in force' }).getByText('$137.30'),
  },
  {
    name: 'video-sessions',
    url: '/video-sessions',
    shows: 'Weekly staff huddle',
    empty: /No sessions yet/,
  },
  {
    name: 'doctor-dashboard',
    url: '/doctor/dashboard',
    as: 'doctor',
    shows: 'Whitehorse',
    empty: 'No Patients Waiting',
  },
];

let server: OwnServer | undefined;

test.describe.configure({ mode: 'serial' });
// Every relative address (signIn's /login too) goes to the demo server.
test.use({ baseURL: demoURL });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer(port, {
    SEED_DEMO: 'clinic',
    STAFF_MFA: 'off', // the tour is of the clinic; e2e/staff-mfa.spec.ts covers the sign-in
  });
});

test.afterAll(async () => {
  await server?.stop();
});

async function open(page: Page, staffPage: StaffPage) {
  await page.goto(staffPage.url);
  await staffPage.prepare?.(page);
}

for (const as of ['master', 'doctor'] as const)
  test(`every staff page shows the demo clinic's data (${as})`, async ({ page }, testInfo) => {
    const pages = STAFF_PAGES.filter((p) => (p.as ?? 'master') === as);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, `${as}@demo.test`);
    await expect(page).not.toHaveURL(/\/login/);
    for (const staffPage of pages) {
      await test.step(staffPage.name, async () => {
        await open(page, staffPage);
        const main = page.locator('main');
        const { shows } = staffPage;
        const data = typeof shows === 'function' ? shows(main) : main.getByText(shows);
        await expect(data.first()).toBeVisible();
        if (staffPage.empty) await expect(main.getByText(staffPage.empty)).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        // Saved beside the other journeys' screens, and attached to the report.
        const file = path.join(SCREENSHOT_DIR, `demo-${staffPage.name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`demo-${staffPage.name}`, { path: file, contentType: 'image/png' });
      });
    }
  });
