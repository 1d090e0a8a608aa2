import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedCharacterMessage } from '../../shared/refused-characters.js';
import { centerUpload, dashboardUpload, pdfBytes } from '../test/files.js';
import { countUsers, signedInAs, validRegistration } from '../test/fixtures.js';
import { type Client, createTestApp, type TestApp } from '../test/harness.js';
import { patientWithDocument } from '../test/matrix/staff-documents.js';
import { type PaidPatient, paidPatient } from '../test/patients.js';

// Issue 10, defect 2: a NUL (or any C0 control character but TAB, LF and CR) in any text
// input reached PostgreSQL, which refuses NUL in text: 500s, and the failed query's values
// in the log. Every route now refuses them in validation, naming the field; issue 21 adds
// unpaired surrogates to the same rule.

let t: TestApp;
let admin: Client;
let patient: PaidPatient;
let documentId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInAs(t.app, 'master_admin')).client;
  const withDocument = await patientWithDocument(t);
  patient = withDocument;
  documentId = withDocument.documentId;
});
afterAll(() => t.close());

const refusedFor = (field: string) => ({
  code: 'VALIDATION',
  message: refusedCharacterMessage(field),
  issues: [{ path: field, message: refusedCharacterMessage(field) }],
});

describe('JSON bodies', () => {
  it('registration refuses a NUL in a name and an escape in the address, writing nothing', async () => {
    const before = await countUsers(t.app);
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: validRegistration({ firstName: 'Ja\u0000mie' }),
    });
    expect(nul.statusCode, nul.body).toBe(400);
    expect(nul.json()).toEqual(refusedFor('firstName'));
    const withEscape = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: validRegistration({ address: '1200 N Walker\u001b[2J' }),
    });
    expect(withEscape.json()).toEqual(refusedFor('address'));
    expect(await countUsers(t.app)).toBe(before);
  });

  it('sign-in, the profile, staff accounts, conditions and reviews refuse them too', async () => {
    const cases: [Client | null, string, string, unknown, string][] = [
      [null, 'POST', '/api/login', { email: 'a\u0000@example.test', password: 'x' }, 'email'],
      [
        patient.client,
        'PUT',
        '/api/patients/profile',
        { ...validRegistration(), city: 'Tulsa\u0007' },
        'city',
      ],
      [
        admin,
        'POST',
        '/api/admin/users',
        {
          email: 'staff@example.test',
          password: 'correct-horse-battery',
          firstName: 'Sam\u0000',
          lastName: 'Staff',
          role: 'admin',
        },
        'firstName',
      ],
      [
        patient.client,
        'POST',
        `/api/applications/${patient.application.id}/medical-conditions`,
        { icdCode: null, description: 'Chronic pain\u0000' },
        'description',
      ],
      [
        admin,
        'POST',
        `/api/admin/documents/${documentId}/review`,
        { status: 'rejected', note: 'blurry\u0000' },
        'note',
      ],
      [admin, 'POST', '/api/admin/keywords', { term: 'pain\u0000' }, 'term'],
      [admin, 'POST', '/api/video/sessions', { title: 'Visit\u0000' }, 'title'],
    ];
    for (const [client, method, url, payload, field] of cases) {
      const res = client
        ? await client.request({ method: method as 'POST', url, payload: payload as object })
        : await t.app.inject({ method: method as 'POST', url, payload: payload as object });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(res.json(), url).toEqual(refusedFor(field));
    }
  });

  it('names a nested field by its path', async () => {
    const res = await patient.client.post('/api/process-payment', {
      billing: { lines: ['ok', 'bad\u0000'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusedFor('billing.lines.1'));
  });

  it('keeps TAB, LF and CR in free text', async () => {
    const res = await admin.post(`/api/admin/documents/${documentId}/review`, {
      status: 'rejected',
      note: 'Line one\r\nline two\tindented',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('unpaired surrogates (issue 21)', () => {
  // "\ud800" is valid JSON but no character: jsonb refused it with 22P02 (a 500) and a text
  // column stored U+FFFD in its place. The same rule as control characters refuses it.
  it('the draft refuses one in any text field, naming it, and keeps the draft as it was', async () => {
    const saved = await patient.client.put('/api/applications/draft', {
      physicianNotes: 'Notes 🙂 kept whole',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const cases: [Record<string, unknown>, string][] = [
      [{ physicianNotes: 'pain \ud800' }, 'physicianNotes'],
      [{ caregiverFirstName: '\udc00Sam' }, 'caregiverFirstName'],
      [
        { medicalConditions: [{ icdCode: null, description: 'x\udbff' }] },
        'medicalConditions.0.description',
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await patient.client.put('/api/applications/draft', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(refusedFor(field));
    }
    const draft = (await patient.client.get('/api/applications/draft')).json();
    expect(draft.data).toEqual({ physicianNotes: 'Notes 🙂 kept whole' });
  });

  it('registration and a review note refuse one too, writing nothing', async () => {
    const before = await countUsers(t.app);
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: validRegistration({ lastName: 'Ro\ud83de' }),
    });
    expect(register.json()).toEqual(refusedFor('lastName'));
    expect(await countUsers(t.app)).toBe(before);
    const review = await admin.post(`/api/admin/documents/${documentId}/review`, {
      status: 'rejected',
      note: 'blurry \ude00',
    });
    expect(review.json()).toEqual(refusedFor('note'));
  });
});

describe('query strings and route parameters', () => {
  it.each([
    ['/api/admin/search-notes?q=pain%00', 'q'],
    ['/api/admin/patients?search=%00', 'search'],
    ['/api/admin/patient-documents?search=a%00b', 'search'],
    ['/api/admin/stored-documents?search=%01', 'search'],
    ['/api/admin/recordings?roomId=room%00', 'roomId'],
    ['/api/video/sessions/abc%00def', 'id'],
    ['/api/admin/patients/%00/record', 'patientId'],
  ])('%s answers 400 naming %s', async (url, field) => {
    const res = await admin.get(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(refusedFor(field));
  });
});

describe('multipart fields and the file name', () => {
  const file = { bytes: pdfBytes('control'), name: 'id.pdf' };

  it('refuses a control character in a text field or the file name, storing nothing', async () => {
    const fresh = await paidPatient(t.app);
    const documents = async () => (await fresh.client.get('/api/patient/documents')).json();
    const intake = await documents(); // the intake's own uploads (issue 11)
    const cases = [
      await centerUpload(fresh.client, file, { category: 'government_id\u0000' }),
      await centerUpload(fresh.client, file, { category: 'government_id', name: 'ID\u0000' }),
      await dashboardUpload(fresh.client, file, {
        type: 'id',
        applicationId: `${fresh.application.id}\u0000`,
      }),
    ];
    expect(cases.map((r) => r.json())).toEqual([
      refusedFor('category'),
      refusedFor('name'),
      refusedFor('applicationId'),
    ]);
    const badName = await centerUpload(
      fresh.client,
      { ...file, name: 'id\u0001.pdf' },
      { category: 'government_id' },
    );
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toEqual({
      code: 'VALIDATION',
      message: refusedCharacterMessage('The file name'),
      issues: [{ path: 'fileName', message: refusedCharacterMessage('The file name') }],
    });
    expect(await documents()).toEqual(intake);
  });
});
