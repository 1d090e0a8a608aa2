import { type Browser, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { STAFF_PASSWORD, uniqueEmail } from '../support';
import { openClinicPage } from './browsers';
import { ADMIN_SETUP_TOKEN } from './clinic-lab';
import { pageApi } from './page-api';

// Opening the lab's production clinic as a clinic does, through the API from the staff's own
// browsers (the test runner has no path into the lab): the first admin with the setup token,
// then a doctor the admin creates. Every staff sign-in enrols an authenticator; the test is
// the phone (otplib computes the codes from the setup key). The screens of the enrolment are
// e2e/staff-mfa.spec.ts's journey.

/** Enrols the page's pending session (after a sign-in answered {mfa:'enrol'}). */
async function enrol(page: Page) {
  const api = pageApi(page);
  const setup = await api.post('/api/auth/mfa/setup');
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const verified = await api.post('/api/auth/mfa/verify', {
    data: { code: await generate({ secret }) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

/** The clinic's first admin, created with the setup token and enrolled: signed in on `page`. */
export async function openClinic(page: Page) {
  const created = await pageApi(page).post('/api/admin/setup', {
    data: {
      email: uniqueEmail('cluster-master'),
      password: STAFF_PASSWORD,
      firstName: 'Morgan',
      lastName: 'Hale',
      setupToken: ADMIN_SETUP_TOKEN,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  expect(await created.json()).toMatchObject({ mfa: 'enrol' });
  await enrol(page);
}

/** A doctor the signed-in admin on `adminPage` creates: answers the doctor's email. */
export async function createDoctor(adminPage: Page): Promise<string> {
  const email = uniqueEmail('cluster-doctor');
  const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const created = await pageApi(adminPage).post('/api/admin/users', {
    data: {
      email,
      password: STAFF_PASSWORD,
      firstName: 'Grace',
      lastName: 'Okafor',
      role: 'doctor',
      licenseNumber: 'OK-24817',
      npi: '1467523980',
      ommaRegistrationNumber: 'OMMA-PHY-000123',
      ommaRegistrationExpiresOn: inAYear,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return email;
}

/** A staff member's first sign-in on `page`: password, then the authenticator's enrolment. */
export async function signInStaff(page: Page, email: string) {
  const answer = await pageApi(page).post('/api/login', {
    data: { email, password: STAFF_PASSWORD },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  expect(await answer.json()).toEqual({ mfa: 'enrol' });
  await enrol(page);
}

/**
 * Opens the empty clinic from `browser` (the physician's network): the first admin creates a
 * doctor and leaves; answers a page of the doctor's, signed in and enrolled.
 */
export async function openClinicWithDoctor(browser: Browser): Promise<Page> {
  // The calls are made from a page outside the web app (the icon, an SVG document): the app
  // would notice the pending sign-in and move to its /mfa page in the middle of the enrolment.
  // Not a JSON answer: its own policy forbids any connection from it (ADR 0022).
  const admin = await openClinicPage(browser, '/favicon.svg');
  await openClinic(admin);
  const email = await createDoctor(admin);
  await admin.context().close();
  const doctor = await openClinicPage(browser, '/favicon.svg');
  await signInStaff(doctor, email);
  return doctor;
}
