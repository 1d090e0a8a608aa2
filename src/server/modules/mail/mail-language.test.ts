import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enEmail } from '../../../shared/i18n/catalogs/en-email.js';
import { esEmail } from '../../../shared/i18n/catalogs/es-email.js';
import type { Language } from '../../../shared/i18n/languages.js';
import {
  goodPayment,
  PASSWORD,
  signedInAs,
  uniqueEmail,
  validRegistration,
} from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { intakeDonePatient } from '../../test/journey-patients.js';
import { approveRequiredDocuments } from '../../test/patients.js';
import { type ReceivedMail, SmtpSink } from '../../test/smtp-sink.js';
import type { MailMessage } from './messages.js';

// Issue 24: every email a patient receives is in the language stored on the account
// (users.language), whatever language the request that caused it asked for: each flow below
// runs with the other language in Accept-Language. Through the real flows where a request
// causes the message, through the mail queue for the timed ones (queue reminders, licence
// reminders, the State Applications desk), and always through a real SMTP server.

let sink: SmtpSink;
let t: TestApp;
let doctor: Awaited<ReturnType<typeof signedInAs>>;
let admin: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  sink = await new SmtpSink().start();
  t = await createTestApp({
    poolSize: 5,
    config: { SMTP_URL: sink.url, PUBLIC_URL: 'https://clinic.example' },
  });
  doctor = await signedInAs(t.app, 'doctor');
  admin = await signedInAs(t.app, 'admin');
});
afterAll(async () => {
  await t?.close();
  await sink.stop();
});

const other = (language: Language): Language => (language === 'es' ? 'en' : 'es');

/** The sentences of a language's email catalog: the literal runs of 24 characters or more. */
function sentencesOf(catalog: Record<string, string>): string[] {
  return Object.entries(catalog)
    .filter(([key]) => key.startsWith('email.'))
    .flatMap(([, message]) => message.split(/[{}]/))
    .map((s) => s.trim())
    .filter((s) => s.length >= 24 && !/\b(plural|select)\b/.test(s));
}
const SENTENCES: Record<Language, string[]> = {
  en: sentencesOf(enEmail),
  es: sentencesOf(esEmail),
};

/** The mail is whole in `language`: no sentence of the other language's email catalog. */
function expectIn(language: Language, mail: ReceivedMail) {
  const body = `${mail.subject}\n${mail.text}\n${mail.html}`;
  for (const sentence of SENTENCES[other(language)])
    expect(body, `${mail.subject}: "${sentence}"`).not.toContain(sentence);
  expect(mail.html).toContain(`<html lang="${language}">`);
  if (language === 'es') {
    expect(mail.text).toMatch(/^Hola, \S+:/);
    expect(mail.text).toContain('Recibe este correo electrónico porque tiene una cuenta en');
    expect(mail.html).toContain('Si el botón no funciona, copie esta dirección en su navegador:');
  } else {
    expect(mail.text).toMatch(/^Hello \S+,/);
    expect(mail.text).toContain('You receive this email because you have an account at');
    expect(mail.html).toContain(
      'If the button does not work, copy this address into your browser:',
    );
  }
}

/**
 * Sends what is due and answers the patient's messages, every one checked for its language.
 * `setLater`: the account's language was set after registering in English, so the address
 * confirmation sent at registration is English, and left out.
 */
async function mailsOf(
  email: string,
  language: Language,
  setLater = false,
): Promise<ReceivedMail[]> {
  await t.app.ctx.mail.deliverDue();
  await t.app.ctx.mail.deliverDue();
  const mails = sink
    .to(email)
    .filter((m) => !setLater || m.subject !== 'Confirm your email address for OKMMJ Telehealth');
  for (const mail of mails) expectIn(language, mail);
  return mails;
}

/** The one message whose subject is `subject`, with the words each of `phrases` in its text and HTML. */
function expectMail(mails: ReceivedMail[], subject: string, phrases: string[]) {
  const found = mails.filter((m) => m.subject === subject);
  expect(
    found.map((m) => m.subject),
    `${subject} in ${mails.map((m) => m.subject)}`,
  ).toHaveLength(1);
  for (const phrase of phrases) {
    expect(found[0]!.text, phrase).toContain(phrase);
    expect(found[0]!.html, phrase).toContain(phrase);
  }
  return found[0]!;
}

/** Each language's subjects and phrases. */
const EXPECTED = {
  es: {
    verify: [
      'Confirme su dirección de correo electrónico para OKMMJ Telehealth',
      ['para que podamos comunicarnos con usted sobre su consulta', 'Confirmar mi correo'],
    ],
    reset: [
      'Elija una nueva contraseña para OKMMJ Telehealth',
      ['Recibimos un pedido para restablecer la contraseña', 'Elegir una nueva contraseña'],
    ],
    changed: [
      'Se cambió su contraseña de OKMMJ Telehealth',
      ['Esta dirección no recibe respuestas.', 'Restablecer mi contraseña'],
    ],
    held: [
      'Retención en su tarjeta por la tarifa de OKMMJ Telehealth: todavía no se le cobró',
      ['hicimos una retención temporal de', 'en su tarjeta terminada en 4242', 'Ir a mi consulta'],
    ],
    ready: [
      'Su médico está listo: únase ahora',
      ['Su médico inició su consulta por video', 'Unirme a mi consulta'],
    ],
    approved: [
      'Su recomendación médica de OKMMJ Telehealth está lista',
      ['Inicie sesión para descargar su recomendación.', 'Iniciar sesión para descargar'],
    ],
    captured: [
      'Su recibo de OKMMJ Telehealth',
      ['Su médico aprobó su recomendación médica, así que el', 'Este correo es su recibo.'],
    ],
    rejected: [
      'Por favor, reemplace un documento',
      ['No pudimos aceptar uno de los documentos que subió.', 'Reemplazar mi documento'],
    ],
    notApproved: [
      'La decisión del médico sobre su solicitud en OKMMJ Telehealth',
      ['esta vez no fue aprobada', 'Le estamos reembolsando la tarifa a su tarjeta'],
    ],
    next: ['Su turno es el siguiente en la fila', ['Un médico le atenderá en unos minutos.']],
    onDuty: ['Ya hay un médico atendiendo', ['Ver mi lugar en la fila']],
    renewal: [
      'Es hora de renovar su licencia de marihuana medicinal de Oklahoma',
      ['vence en 7 días', 'la OMMA (Autoridad de Marihuana Medicinal de Oklahoma) necesita'],
    ],
    applyBy: [
      'Presente su solicitud ante la OMMA antes de que venza su recomendación',
      ['a más tardar el 15 de diciembre de 2026, mañana.', 'Ya presenté mi solicitud'],
    ],
    submitted: [
      'Su solicitud ante la OMMA fue enviada',
      ['a la OMMA (Autoridad de Marihuana Medicinal de Oklahoma)', 'Seguir mi solicitud'],
    ],
    issued: ['La OMMA emitió su licencia de paciente', ['Ver mi licencia']],
    returned: ['La OMMA necesita algo más para su solicitud', ['Ver qué se necesita']],
    mailed: ['Le enviamos por correo postal su tarjeta de licencia', ['Ir a mi panel']],
    refunded: [
      'Le estamos reembolsando la tarifa estatal',
      ['la tarifa estatal de $104.30 que pagó con su consulta'],
    ],
  },
  en: {
    verify: [
      'Confirm your email address for OKMMJ Telehealth',
      ['so we can reach you about your visit', 'Confirm my email'],
    ],
    reset: [
      'Choose a new password for OKMMJ Telehealth',
      ['We received a request to reset the password', 'Choose a new password'],
    ],
    changed: [
      'Your OKMMJ Telehealth password was changed',
      ['This address does not receive replies.', 'Reset my password'],
    ],
    held: [
      'Your OKMMJ Telehealth fee is held on your card, not charged yet',
      ['we placed a hold of', 'on your card ending in 4242', 'Go to my visit'],
    ],
    ready: [
      'Your physician is ready — join now',
      ['Your physician has started your video visit', 'Join my visit'],
    ],
    approved: [
      'Your OKMMJ Telehealth recommendation is ready',
      ['Sign in to download your recommendation.', 'Sign in to download'],
    ],
    captured: [
      'Your OKMMJ Telehealth receipt',
      ['Your physician approved your recommendation, so on', 'This email is your receipt.'],
    ],
    rejected: [
      'Please replace a document',
      ['One of the documents you uploaded could not be accepted.', 'Replace my document'],
    ],
    notApproved: [
      "The physician's decision on your OKMMJ Telehealth application",
      ['it was not approved this time', 'Your fee is being refunded to your card'],
    ],
    next: ["You're next in line", ['A physician will be with you in a few minutes.']],
    onDuty: ['A physician is now on duty', ['See my place in line']],
    renewal: [
      'Time to renew your Oklahoma medical marijuana licence',
      ['expires in 7 days', 'OMMA needs a new physician recommendation'],
    ],
    applyBy: [
      'Apply to OMMA before your recommendation runs out',
      ['(OMMA) by December 15, 2026, tomorrow.', 'I have applied'],
    ],
    submitted: [
      'Your OMMA application was submitted',
      ['to the Oklahoma Medical Marijuana Authority (OMMA)', 'Follow my application'],
    ],
    issued: ['OMMA issued your patient licence', ['See my licence']],
    returned: ['OMMA needs something more for your application', ['See what is needed']],
    mailed: ['Your licence card is in the mail', ['Go to my dashboard']],
    refunded: [
      'Your state fee is being refunded',
      ['the state fee of $104.30 you paid with your visit'],
    ],
  },
} satisfies Record<Language, Record<string, [string, string[]]>>;

/** The timed messages (no request causes them), queued for the account as their jobs do. */
const TIMED: [keyof (typeof EXPECTED)['en'], MailMessage][] = [
  ['next', { kind: 'queue_next' }],
  ['onDuty', { kind: 'physician_on_duty' }],
  ['notApproved', { kind: 'decision_not_approved', moneyBack: 'refunded' }],
  ['renewal', { kind: 'licence_renewal_reminder', daysLeft: 7 }],
  ['applyBy', { kind: 'state_apply_reminder', daysLeft: 1, applyBy: '2026-12-15' }],
  ['submitted', { kind: 'state_application_submitted' }],
  ['issued', { kind: 'state_application_approved' }],
  ['returned', { kind: 'state_application_rejected' }],
  ['mailed', { kind: 'state_application_card_mailed' }],
  ['refunded', { kind: 'state_fee_refunded', amountCents: 10_430 }],
];

describe.each(['es', 'en'] as const)('a patient whose language is %s', (language) => {
  const expected = EXPECTED[language];
  /** Every request asks for the other language: the account's wins. */
  const asked = { 'accept-language': other(language) === 'es' ? 'es-MX,es;q=0.9' : 'en-US,en' };

  it('gets the account emails in it: confirm the address, reset and changed password', async () => {
    const email = uniqueEmail(`lang-${language}`);
    const client = new Client(t.app);
    const registered = await client.request({
      method: 'POST',
      url: '/api/register',
      payload: validRegistration({ email }),
      headers: { cookie: `lang=${language}`, ...asked },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().user.language).toBe(language);

    const forgot = await new Client(t.app).request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      headers: asked,
    });
    expect(forgot.statusCode, forgot.body).toBeLessThan(300);
    const reset = expectMail(await mailsOf(email, language), ...expected.reset);
    const token = new URL(reset.links.find((l) => l.includes('token='))!).searchParams.get('token');
    const done = await new Client(t.app).request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: `${PASSWORD}-2` },
      headers: asked,
    });
    expect(done.statusCode, done.body).toBeLessThan(300);

    const mails = await mailsOf(email, language);
    expectMail(mails, ...expected.verify);
    expectMail(mails, ...expected.changed);
    expect(mails).toHaveLength(3);
  });

  it('gets the visit emails in it: the hold, the call, the decision and its receipt', async () => {
    const patient = await intakeDonePatient(t.app);
    const set = await patient.client.put('/api/user/language', { language });
    expect(set.statusCode, set.body).toBe(200);
    const paid = await patient.client.request({
      method: 'POST',
      url: '/api/process-payment',
      payload: goodPayment(),
      headers: asked,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const queueId: string = paid.json().queue.id;

    const call = await doctor.client.post('/api/admin/start-video-call', { queueId });
    expect(call.statusCode, call.body).toBe(200);
    const end = await doctor.client.post('/api/admin/end-consultation', { queueId });
    expect(end.statusCode, end.body).toBe(200);
    const consultationId: string = call.json().consultation?.id ?? end.json().consultation?.id;
    expect(consultationId).toBeTruthy();
    await approveRequiredDocuments(t.app, consultationId);
    const outcome = await doctor.client.post(`/api/admin/consultations/${consultationId}/outcome`, {
      approved: true,
      identityVerified: true,
    });
    expect(outcome.statusCode, outcome.body).toBe(200);

    const mails = await mailsOf(patient.email, language, true);
    // The day and the amount through Intl, in the account's language.
    expect(expectMail(mails, ...expected.held).text).toMatch(
      language === 'es'
        ? /El \d{1,2} de [a-z]+ de \d{4} hicimos una retención temporal de \$\d+\.\d\d en/
        : /On [A-Z][a-z]+ \d{1,2}, \d{4} we placed a hold of \$\d+\.\d\d on/,
    );
    expectMail(mails, ...expected.ready);
    expectMail(mails, ...expected.approved);
    expectMail(mails, ...expected.captured);
    expect(mails).toHaveLength(4);
  });

  it('gets a rejected document, the reminders and the state application emails in it', async () => {
    const patient = await intakeDonePatient(t.app);
    const set = await patient.client.put('/api/user/language', { language });
    expect(set.statusCode, set.body).toBe(200);
    const review = await admin.client.request({
      method: 'POST',
      url: `/api/admin/documents/${patient.documents.photo}/review`,
      payload: { status: 'rejected', note: 'Your face is not visible' },
      headers: asked,
    });
    expect(review.statusCode, review.body).toBe(200);
    for (const [name, message] of TIMED)
      expect(
        await t.app.ctx.mail.queue(t.app.ctx.db, {
          userId: patient.userId,
          message,
          dedupeKey: `lang-test:${name}:${patient.userId}`,
        }),
      ).toBe(true);

    const mails = await mailsOf(patient.email, language, true);
    expectMail(mails, ...expected.rejected);
    for (const [name] of TIMED) expectMail(mails, ...expected[name]);
    expect(mails).toHaveLength(TIMED.length + 1);
  });
});

describe('staff emails', () => {
  it('stay English whatever the staff account language', async () => {
    const staff = await signedInAs(t.app, 'doctor');
    const set = await staff.client.put('/api/user/language', { language: 'es' });
    expect(set.statusCode, set.body).toBe(200);
    expect(
      await t.app.ctx.mail.queue(t.app.ctx.db, {
        userId: staff.id,
        message: { kind: 'staff_account_created' },
        dedupeKey: `lang-test:staff:${staff.id}`,
      }),
    ).toBe(true);
    const mails = await mailsOf(staff.email, 'en');
    expect(mails.map((m) => m.subject)).toEqual(['Your OKMMJ Telehealth staff account']);
  });
});
