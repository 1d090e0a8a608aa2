import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, medicalConditions } from '../../db/schema/index.js';
import { uniqueEmail, validRegistration } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { registerPatient, type TestPatient } from '../../test/patients.js';

// Issue 24: the intake's 400s (the wizard's step 1: the application form and its conditions)
// answer in the patient's language, in the message and in every issue, and write nothing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function withOpenApplication(patient: TestPatient) {
  const res = await patient.client.post('/api/applications', {
    type: 'new',
    physicianNotes: 'Back pain since 2019',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const rowOf = async (id: string) =>
  (await t.app.ctx.db.select().from(applications).where(eq(applications.id, id)))[0];
const conditionsOf = (id: string) =>
  t.app.ctx.db.select().from(medicalConditions).where(eq(medicalConditions.applicationId, id));

/** Too long in three fields at once: three issues. */
const tooLong = {
  type: 'new',
  needsCaregiver: true,
  caregiverFirstName: 'A'.repeat(101),
  caregiverLastName: 'Fields',
  relationship: 'r'.repeat(101),
  physicianNotes: 'n'.repeat(2001),
};

type Issue = { path: string; message: string };

const send = (client: Client, url: string, payload: unknown, headers = {}) =>
  client.request({ method: 'POST', url, payload: payload as string, headers });

function expectAnswer(
  res: Awaited<ReturnType<Client['request']>>,
  expected: Record<string, string>,
) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { message: string; code: string; issues: Issue[] };
  expect(body.code).toBe('VALIDATION');
  expect(Object.fromEntries(body.issues.map((i) => [i.path, i.message]))).toEqual(expected);
  expect(body.message).toBe(body.issues[0]?.message);
  expect(res.body).not.toContain('i18n:');
}

const ENGLISH_TOO_LONG = {
  caregiverFirstName: 'Caregiver first name must be at most 100 characters',
  relationship: 'Relationship must be at most 100 characters',
  physicianNotes: 'Additional information must be at most 2000 characters',
};
const SPANISH_TOO_LONG = {
  caregiverFirstName: 'El nombre del cuidador debe tener como máximo 100 caracteres',
  relationship: 'La relación debe tener como máximo 100 caracteres',
  physicianNotes: 'La información adicional debe tener como máximo 2000 caracteres',
};
const ENGLISH_EMPTY = { description: 'Medical condition description is required' };
const SPANISH_EMPTY = { description: 'La descripción de la condición médica es obligatoria' };
const ENGLISH_CODE = { icdCode: 'Choose a code from the list' };
const SPANISH_CODE = { icdCode: 'Elija un código de la lista' };

async function expectUnchanged(id: string, before: unknown) {
  expect(await rowOf(id)).toEqual(before);
  expect(await conditionsOf(id)).toHaveLength(0);
}

describe('the intake answers its 400s in the patient language', () => {
  it('in English for an English account, then in Spanish once the account is in Spanish', async () => {
    const patient = await registerPatient(t.app);
    const id = await withOpenApplication(patient);
    const before = await rowOf(id);
    const conditionsUrl = `/api/applications/${id}/medical-conditions`;

    // English: the account's language, whatever the browser asks for.
    expectAnswer(await send(patient.client, '/api/applications', tooLong), ENGLISH_TOO_LONG);
    expectAnswer(
      await send(patient.client, '/api/applications', tooLong, { 'accept-language': 'es' }),
      ENGLISH_TOO_LONG,
    );
    expectAnswer(await send(patient.client, conditionsUrl, { description: '  ' }), ENGLISH_EMPTY);
    expectAnswer(
      await send(patient.client, conditionsUrl, { icdCode: 'X99', description: 'Pain' }),
      ENGLISH_CODE,
    );
    await expectUnchanged(id, before);

    const language = await patient.client.put('/api/user/language', { language: 'es' });
    expect(language.statusCode).toBe(200);
    expectAnswer(await send(patient.client, '/api/applications', tooLong), SPANISH_TOO_LONG);
    expectAnswer(await send(patient.client, conditionsUrl, { description: '' }), SPANISH_EMPTY);
    expectAnswer(await send(patient.client, conditionsUrl, { description: 'd'.repeat(301) }), {
      description: 'La descripción de la condición médica debe tener como máximo 300 caracteres',
    });
    expectAnswer(
      await send(patient.client, conditionsUrl, { icdCode: 'X99', description: 'Dolor' }),
      SPANISH_CODE,
    );
    // A refinement's issues too (caregiver names required, the reduced fee's reason).
    expectAnswer(
      await send(patient.client, '/api/applications', {
        type: 'new',
        needsCaregiver: true,
        hasReducedFee: true,
      }),
      {
        caregiverFirstName: 'El nombre del cuidador es obligatorio',
        caregiverLastName: 'El apellido del cuidador es obligatorio',
        reducedFeeReason: 'Indique el motivo de la tarifa reducida',
      },
    );
    await expectUnchanged(id, before);

    // Back to English: the same refusal in English again.
    await patient.client.put('/api/user/language', { language: 'en' });
    expectAnswer(await send(patient.client, '/api/applications', tooLong), ENGLISH_TOO_LONG);
    await expectUnchanged(id, before);
  });

  it('in Spanish for a patient whose browser asks for Spanish (Accept-Language: es)', async () => {
    // The account takes the language its registration was made in (Accept-Language here).
    const client = new Client(t.app);
    const registered = await client.request({
      method: 'POST',
      url: '/api/register',
      payload: validRegistration({ email: uniqueEmail('intake-es') }),
      headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const patient: TestPatient = {
      client,
      userId: registered.json().user.id,
      patientId: registered.json().user.patient.id,
      email: registered.json().user.email,
    };
    const id = await withOpenApplication(patient);
    const before = await rowOf(id);
    const headers = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' };
    expectAnswer(await send(client, '/api/applications', tooLong, headers), SPANISH_TOO_LONG);
    expectAnswer(
      await send(
        client,
        `/api/applications/${id}/medical-conditions`,
        { description: '' },
        headers,
      ),
      SPANISH_EMPTY,
    );
    await expectUnchanged(id, before);
  });
});
