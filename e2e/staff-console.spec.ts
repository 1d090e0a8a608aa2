import { expect, type Page, request, test } from '@playwright/test';
import config from '../playwright.config';
import {
  checkScreen,
  consoleLink,
  expectAccessible,
  registerAndPay,
  signIn,
  uniqueEmail,
} from './support';

// Issue 12, the staff console: for each demo staff account, every area its permissions allow is
// a sidebar link that opens its page (h1, <title>, axe clean), every other area is absent and its
// address sends the user away; on a phone the menu sheet lists the same links. Provider alerts:
// a patient joining the waiting room raises a notification and moves the sidebar's count live.

const BRAND = 'OKMMJ Telehealth';

/** Every area: its sidebar name, its address and its page's h1. */
const AREAS = {
  'My Queue': { path: '/doctor/dashboard', h1: 'Doctor Dashboard' },
  'My Meetings': { path: '/admin/meetings', h1: 'My Meetings' },
  'Waiting Room': { path: '/admin/waiting', h1: 'Waiting Room' },
  'Post-Consultation': { path: '/admin/follow-up', h1: 'Post-Consultation' },
  'Patient Transcriptions': { path: '/admin/transcriptions', h1: 'Patient Transcriptions' },
  Documents: { path: '/admin/documents', h1: 'Document Management Center' },
  'State Applications': { path: '/admin/state-applications', h1: 'State Applications' },
  'Video Sessions': { path: '/video-sessions', h1: 'Video Sessions' },
  Analytics: { path: '/admin/analytics', h1: 'Analytics' },
  'Automated Operations': { path: '/admin/automated', h1: 'Automated Operations Dashboard' },
  'Production Operations': { path: '/admin/production', h1: 'Production Operations Center' },
  'Search Notes': { path: '/admin/search-notes', h1: 'Search Notes' },
  'User Management': { path: '/admin/users', h1: 'User Management' },
  'Audit Trail': { path: '/admin/audit', h1: 'Audit Trail' },
  'Fee Schedule': { path: '/admin/fees', h1: 'Fee Schedule' },
  'Keyword Manager': { path: '/admin/keywords', h1: 'Keyword Manager' },
  'Live Demo': { path: '/admin/demo', h1: 'Live Demo' },
} as const;
type AreaName = keyof typeof AREAS;
const ALL = Object.keys(AREAS) as AreaName[];
const ADMIN_AREAS = ALL.filter((a) => a !== 'My Queue');

/** What each demo account may open (staff-and-video.md §6 and ruling 3's table). */
const ROLES: { email: string; areas: AreaName[] }[] = [
  { email: 'master@demo.test', areas: ADMIN_AREAS },
  { email: 'admin@demo.test', areas: ADMIN_AREAS },
  {
    email: 'operations@demo.test',
    areas: [
      'My Meetings',
      'Waiting Room',
      'Patient Transcriptions',
      'Documents',
      'State Applications',
      'Video Sessions',
      'Analytics',
      'Automated Operations',
      'Production Operations',
      'Keyword Manager',
      'Live Demo',
    ],
  },
  {
    email: 'doctoradmin@demo.test',
    areas: [
      'My Meetings',
      'Video Sessions',
      'Analytics',
      'Automated Operations',
      'Production Operations',
    ],
  },
  {
    email: 'assistant@demo.test',
    areas: [
      'Waiting Room',
      'Post-Consultation',
      'Patient Transcriptions',
      'Documents',
      'State Applications',
      'Video Sessions',
      'Search Notes',
    ],
  },
  // A doctor: their queue, the documents of the patients they see, and video sessions.
  { email: 'doctor@demo.test', areas: ['My Queue', 'Documents', 'Video Sessions'] },
];

const sidebarOf = (page: Page) => page.getByRole('navigation', { name: 'Staff console' });

/** The waiting count the sidebar's Waiting Room link announces (no badge: none waiting). */
async function sidebarWaiting(page: Page): Promise<number> {
  const name = (await consoleLink(page, 'Waiting Room').textContent()) ?? '';
  return Number(/(\d+) waiting/.exec(name)?.[1] ?? 0);
}

const checkedForAccessibility = new Set<string>();

for (const { email, areas } of ROLES) {
  test(`${email} reaches exactly its areas from the sidebar`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, email);
    // Signed in, the console opens on the first area.
    const landing = AREAS[areas[0]!].path;
    await expect(page).toHaveURL(new RegExp(`${landing}$`));
    const sidebar = sidebarOf(page);
    await expect(sidebar.getByRole('link')).toHaveCount(areas.length);
    // One way to sign out, named once.
    await expect(page.getByRole('button', { name: /^(sign out|logout)$/i })).toHaveCount(1);

    for (const area of areas) {
      const { path, h1 } = AREAS[area];
      const link = consoleLink(page, area);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect(page).toHaveTitle(new RegExp(`^(\\(\\d+\\) )?${h1} \\| ${BRAND}$`));
      // Each area's page is checked with axe once, by the first role that opens it (the master
      // admin opens nearly all): the same page again under another role cost CI minutes.
      if (!checkedForAccessibility.has(area)) {
        await page.waitForLoadState('networkidle');
        await expectAccessible(page);
        checkedForAccessibility.add(area);
      }
    }

    for (const area of ALL.filter((a) => !areas.includes(a))) {
      await expect(consoleLink(page, area)).toHaveCount(0);
      await page.goto(AREAS[area].path);
      await expect(page).toHaveURL(new RegExp(`${landing}$`));
    }
  });
}

test('on a phone the menu sheet lists the areas and closes on a choice', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, 'assistant@demo.test');
  await expect(page).toHaveURL(/\/admin\/waiting$/);
  // No sidebar on a phone until the menu opens.
  await expect(sidebarOf(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  await expect(sheet).toBeVisible();
  await expect(
    sheet.getByRole('navigation', { name: 'Staff console' }).getByRole('link'),
  ).toHaveCount(7);
  await expect(sheet.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expectAccessible(page);
  await checkScreen(page, 'console-menu-sheet');
  await page.setViewportSize({ width: 360, height: 780 });
  await consoleLink(page, 'Search Notes').click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/search-notes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search Notes' })).toBeVisible();
});

test('a master admin previews another role; others are not offered the preview', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'master@demo.test');
  await expect(page).toHaveURL(/\/admin\/meetings$/);
  await checkScreen(page, 'console-master-meetings');
  await page
    .getByLabel('Preview the console as')
    .selectOption({ label: 'Administrative Assistant' });
  await expect(
    page.getByRole('status').filter({ hasText: 'Previewing the Administrative' }),
  ).toBeVisible();
  // The assistant's areas, State Applications among them (issue 22).
  await expect(sidebarOf(page).getByRole('link')).toHaveCount(7);
  await expect(consoleLink(page, 'User Management')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByLabel('Preview the console as').selectOption({ label: 'Master Admin' });
  await expect(sidebarOf(page).getByRole('link')).toHaveCount(ADMIN_AREAS.length);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/(landing)?$/);
  await signIn(page, 'operations@demo.test');
  await expect(page).toHaveURL(/\/admin\/meetings$/);
  await expect(page.getByLabel('Preview the console as')).toHaveCount(0);
  await expect(page.getByLabel('Your role')).toHaveCount(0);
});

test('a patient joining the waiting room alerts the staff and moves the count live', async ({
  browser,
}) => {
  const context = await browser.newContext({
    permissions: ['notifications'],
    viewport: { width: 1280, height: 900 },
  });
  // Records every notification the page raises.
  await context.addInitScript(() => {
    const Real = window.Notification;
    const raised: { title: string; body?: string }[] = [];
    (window as unknown as { __raised: typeof raised }).__raised = raised;
    class Recording extends Real {
      constructor(title: string, options?: NotificationOptions) {
        raised.push({ title, body: options?.body });
        super(title, options);
      }
    }
    window.Notification = Recording;
  });
  const page = await context.newPage();
  await signIn(page, 'assistant@demo.test');
  await expect(page).toHaveURL(/\/admin\/waiting$/);
  const alerts = page.getByRole('switch', { name: 'Alerts' });
  await alerts.click();
  await expect(alerts).toHaveAttribute('aria-checked', 'true');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('staff-console-alerts')))
    .toBe('on');
  // The count the sidebar starts from, as the server has it.
  const counts = await page.request.get('/api/admin/console-counts');
  const before = ((await counts.json()) as { waiting: number }).waiting;
  await expect.poll(() => sidebarWaiting(page)).toBe(before);

  const api = await request.newContext({ baseURL: config.use?.baseURL });
  await registerAndPay(api, {
    firstName: 'Nora',
    lastName: 'Alert',
    email: uniqueEmail('e2e-alert'),
    password: 'patient-pass-12',
  });

  // No reload: the queue's push refetches the counts.
  await expect.poll(() => sidebarWaiting(page)).toBe(before + 1);
  await expect(consoleLink(page, 'Waiting Room')).toHaveAccessibleName(
    new RegExp(`^Waiting Room\\s*, ${before + 1} waiting$`),
  );
  await expect(page).toHaveTitle(`(${before + 1}) Waiting Room | ${BRAND}`);
  // The page's own list moves too, naming the patient whether or not a doctor is on duty.
  await expect(
    page.getByRole('list', { name: 'Clinic-wide waiting room' }).getByText('Nora Alert'),
  ).toBeVisible();
  const raised = await page.evaluate(
    () => (window as unknown as { __raised: { title: string; body?: string }[] }).__raised,
  );
  expect(raised).toEqual([
    {
      title: 'A patient is waiting',
      body: `${before + 1} ${before + 1 === 1 ? 'patient is' : 'patients are'} in the waiting room.`,
    },
  ]);
  await checkScreen(page, 'console-waiting-room');
  await api.dispose();
  await context.close();
});
