import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/translate.js';
import { goodPayment } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  applicationsOf,
  paymentsOf,
  registerPatient,
  type TestPatient,
} from '../../test/patients.js';

// Issue 24: the consent is stored in the exact words the patient was shown, in the language
// they were shown in (applications.consent_text and consent_language), and a refused payment
// answers in the account's language and writes nothing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function inSpanish(patient: TestPatient) {
  const res = await patient.client.put('/api/user/language', { language: 'es' });
  expect(res.statusCode, res.body).toBe(200);
  return patient;
}

const pay = (patient: TestPatient, overrides: Record<string, unknown> = {}) =>
  patient.client.post('/api/process-payment', goodPayment(overrides));

describe('the consent is stored in the language it was shown in', () => {
  it('an English account: the English consent and authorization, and en', async () => {
    const patient = await registerPatient(t.app);
    const res = await pay(patient);
    expect(res.statusCode, res.body).toBe(200);
    const [app] = await applicationsOf(t.app, patient.patientId);
    expect(app).toMatchObject({
      consentLanguage: 'en',
      consentText: translate('en', 'payment.consent.telehealth'),
      stateApplicationAuthorizationText: translate('en', 'payment.consent.stateApplication'),
    });
    expect(app!.consentText).toMatch(/^I consent to receive care by a live video visit/);
    expect(app!.consentAt).not.toBeNull();
  });

  it('a Spanish account: the Spanish consent and authorization, and es', async () => {
    const patient = await inSpanish(await registerPatient(t.app));
    const res = await pay(patient);
    expect(res.statusCode, res.body).toBe(200);
    const [app] = await applicationsOf(t.app, patient.patientId);
    expect(app).toMatchObject({
      consentLanguage: 'es',
      consentText: translate('es', 'payment.consent.telehealth'),
      stateApplicationAuthorizationText: translate('es', 'payment.consent.stateApplication'),
    });
    expect(app!.consentText).toMatch(/^Doy mi consentimiento para recibir atención/);
    expect(app!.stateApplicationAuthorizationText).toMatch(/^Autorizo a la clínica/);
  });

  it('the language the request says the consent was shown in wins over the account’s', async () => {
    const patient = await registerPatient(t.app);
    const res = await pay(patient, { consentLanguage: 'es' });
    expect(res.statusCode, res.body).toBe(200);
    const [app] = await applicationsOf(t.app, patient.patientId);
    expect(app).toMatchObject({
      consentLanguage: 'es',
      consentText: translate('es', 'payment.consent.telehealth'),
    });
  });
});

describe('a refused payment answers in the account language and writes nothing', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    [
      'consent not accepted',
      { consent: false },
      'Please agree to the telehealth consent to continue.',
      'Acepte el consentimiento de telesalud para continuar.',
    ],
    [
      'an amount that is not the schedule’s',
      { amount: '1.00' },
      'The amount does not match the fee schedule ($137.30)',
      'El monto no coincide con la tabla de tarifas (US$137.30)',
    ],
    [
      'a bad card number',
      { cardNumber: '12' },
      'Invalid Card Number',
      'Número de tarjeta no válido',
    ],
    [
      'no authorization for the clinic to apply',
      { stateApplicationAuthorized: false },
      'stateApplicationAuthorized: Please authorize the clinic to submit your OMMA application and pay the state fee for you.',
      'stateApplicationAuthorized: Autorice a la clínica a presentar su solicitud ante la OMMA y a pagar la tarifa estatal por usted.',
    ],
    [
      'an unknown application type',
      { applicationType: 'other' },
      'Choose New Application or Renewal',
      'Elija Solicitud nueva o Renovación',
    ],
  ];

  it.each(cases)('%s', async (_name, overrides, english, spanish) => {
    const patient = await registerPatient(t.app);
    const inEnglish = await pay(patient, overrides);
    expect(inEnglish.statusCode, inEnglish.body).toBe(400);
    expect(inEnglish.json().message).toBe(english);

    await inSpanish(patient);
    const res = await pay(patient, overrides);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(spanish);
    expect(res.body).not.toContain('i18n:');
    for (const issue of res.json().issues ?? []) expect(issue.message).toBe(spanish);

    expect(await applicationsOf(t.app, patient.patientId)).toEqual([]);
    expect(await paymentsOf(t.app, patient.patientId)).toEqual([]);
  });
});
