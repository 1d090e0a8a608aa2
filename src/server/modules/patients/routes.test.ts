import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientProfiles } from '../../db/schema/index.js';
import { auditRows, goodPayment } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { applicationsOf, paymentsOf, registerPatient } from '../../test/patients.js';

// GET/PUT /api/patients/profile: Edit Profile and Update Address made real (ruling 9),
// validated as at registration (patient-side.md §5), Oklahoma required to pay (ruling 19).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const update = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Avery',
  middleName: 'J',
  lastName: 'Stone',
  dateOfBirth: '1979-09-30',
  phone: '918-555-0110',
  address: '401 S Boston Ave',
  apartment: 'Suite 9',
  city: 'Tulsa',
  state: 'OK',
  zipCode: '74103',
  ...overrides,
});

const profileRow = async (patientId: string) =>
  (await t.app.ctx.db.select().from(patientProfiles).where(eq(patientProfiles.id, patientId)))[0];

describe('GET /api/patients/profile', () => {
  it("answers the patient's own profile, without the account's secrets", async () => {
    const patient = await registerPatient(t.app);
    const res = await patient.client.get('/api/patients/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: patient.patientId,
      firstName: 'Jamie',
      middleName: null,
      lastName: 'Collins',
      dateOfBirth: '1985-04-12',
      phone: null,
      address: '1200 N Walker Ave',
      apartment: null,
      city: 'Oklahoma City',
      state: 'OK',
      zipCode: '73103',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    // Reading one's own profile is not audited (ruling 17).
    const reads = (await auditRows(t.app, { actorId: patient.userId })).filter((r) =>
      r.action.startsWith('patient.'),
    );
    expect(reads).toEqual([]);
  });
});

describe('PUT /api/patients/profile', () => {
  it('changes the profile, and GET /api/user shows it at once', async () => {
    const patient = await registerPatient(t.app);
    // The session (and its cached user) exists before the change.
    expect((await patient.client.get('/api/user')).json().patient.city).toBe('Oklahoma City');

    const res = await patient.client.put('/api/patients/profile', update());
    expect(res.statusCode, res.body).toBe(200);
    const expected = { id: patient.patientId, ...update() };
    expect(res.json()).toEqual(expected);
    expect((await patient.client.get('/api/patients/profile')).json()).toEqual(expected);
    const me = (await patient.client.get('/api/user')).json();
    expect(me.patient).toEqual(expected);
    expect(me.email).toBe(patient.email); // the account's email is not part of the profile

    const [audit] = (await auditRows(t.app, { targetId: patient.patientId })).filter(
      (r) => r.action === 'patient.update_profile',
    );
    expect(audit).toMatchObject({ actorId: patient.userId, targetType: 'patient' });
    expect(JSON.stringify(audit)).not.toContain('Tulsa'); // no PHI in the audit row
  });

  it('clears the optional fields when they are left out', async () => {
    const patient = await registerPatient(t.app);
    await patient.client.put('/api/patients/profile', update());
    const { middleName: _m, apartment: _a, phone: _p, ...required } = update();
    const res = await patient.client.put('/api/patients/profile', required);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ middleName: null, apartment: null, phone: null });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a blank first name', { firstName: ' ' }, 'First name is required'],
    ['no last name', { lastName: undefined }, 'Last name is required'],
    ['a short address', { address: 'abc' }, 'Address is required'],
    ['no city', { city: '' }, 'City is required'],
    ['a 4-digit ZIP', { zipCode: '7410' }, 'Valid ZIP code is required'],
    ['letters in the ZIP', { zipCode: '7410A' }, 'Valid ZIP code is required'],
    ['a state that is not one', { state: 'XX' }, 'Please choose a state'],
    [
      'a birth date in the future',
      { dateOfBirth: '2999-01-01' },
      'Date of birth cannot be in the future',
    ],
    [
      'a minor',
      { dateOfBirth: `${new Date().getFullYear() - 10}-01-01` },
      'You must be 18 or older to apply online',
    ],
    ['no birth date', { dateOfBirth: '' }, 'Date of birth is required'],
    ['a bad phone number', { phone: 'call me' }, 'Valid phone number is required'],
  ];

  it.each(invalid)('refuses %s and changes nothing', async (_label, overrides, message) => {
    const patient = await registerPatient(t.app);
    const before = await profileRow(patient.patientId);
    const res = await patient.client.put('/api/patients/profile', update(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await profileRow(patient.patientId)).toEqual(before);
  });

  it('a patient who moves out of Oklahoma can neither pay nor apply; moving back, they can', async () => {
    const patient = await registerPatient(t.app);
    const moved = await patient.client.put(
      '/api/patients/profile',
      update({ state: 'TX', city: 'Dallas', zipCode: '75201' }),
    );
    expect(moved.statusCode).toBe(200);

    const pay = await patient.client.post('/api/process-payment', goodPayment());
    expect(pay.statusCode).toBe(400);
    expect(pay.json().message).toBe('Oklahoma residency is required for an Oklahoma license');
    const apply = await patient.client.post('/api/applications', { type: 'new' });
    expect(apply.statusCode).toBe(400);
    expect(apply.json().message).toBe('Oklahoma residency is required for an Oklahoma license');
    expect(await applicationsOf(t.app, patient.patientId)).toEqual([]);
    expect(await paymentsOf(t.app, patient.patientId)).toEqual([]);

    await patient.client.put('/api/patients/profile', update());
    const paid = await patient.client.post('/api/process-payment', goodPayment());
    expect(paid.statusCode, paid.body).toBe(200);
  });
});
