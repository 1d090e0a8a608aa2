import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centerUpload, dashboardUpload, pdfBytes, storedFiles } from '../../test/files.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { intakeReadyPatient, type TestPatient } from '../../test/patients.js';

// Issue 21, item 4: `type=__proto__` on the dashboard's upload found Object.prototype in the
// type table and took it for a category: a 500 reading a property of undefined. The names
// every plain object inherits are now unknown values like any other: a 400, nothing stored.

const INHERITED = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
const file = { bytes: pdfBytes('prototype'), name: 'id.pdf' };

let t: TestApp;
let patient: TestPatient & { applicationId: string };
beforeAll(async () => {
  t = await createTestApp();
  patient = await intakeReadyPatient(t.app);
});
afterAll(() => t.close());

const documents = async () => (await patient.client.get('/api/patient/documents')).json();

describe.each(INHERITED)('the value %s', (name) => {
  it('as the dashboard upload type answers 400 and stores nothing', async () => {
    const before = { documents: await documents(), files: storedFiles(t.app.ctx.config.DATA_DIR) };
    const res = await dashboardUpload(patient.client, file, {
      type: name,
      applicationId: patient.applicationId,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Please select a file and document type.' });
    expect(await documents()).toEqual(before.documents);
    expect(storedFiles(t.app.ctx.config.DATA_DIR)).toEqual(before.files);
  });

  it('as the upload center category answers 400 and stores nothing', async () => {
    const before = { documents: await documents(), files: storedFiles(t.app.ctx.config.DATA_DIR) };
    const res = await centerUpload(patient.client, file, { category: name });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Please choose a document category.' });
    expect(await documents()).toEqual(before.documents);
    expect(storedFiles(t.app.ctx.config.DATA_DIR)).toEqual(before.files);
  });
});
