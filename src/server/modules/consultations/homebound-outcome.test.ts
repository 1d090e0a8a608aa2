import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOMEBOUND_REQUIRED_MESSAGE } from '../../../shared/omma.js';
import { applications, consultations, documents } from '../../db/schema/index.js';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { approveRequiredDocuments, paidPatient } from '../../test/patients.js';
import { pdfLayoutText } from '../../test/pdf-words.js';

// The recommendation as OMMA reads it (issue 22, OAC 442:10): a caregiver is designated only
// when the physician certifies the patient is homebound. Approving a patient who asked for a
// caregiver needs `homebound` (true or false; 400 naming it otherwise, nothing written); the
// caregiver is printed only with `homebound: true`, and the certification is stored.

let t: TestApp;
let doctor: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestApp({ poolSize: 5 });
  doctor = await signedInAs(t.app, 'doctor');
});
afterAll(() => t.close());

const CAREGIVER = {
  needsCaregiver: true,
  caregiverFirstName: 'Robin',
  caregiverLastName: 'Okafor-Hale',
  caregiverPhone: '405-555-0199',
  relationship: 'Daughter',
};

/** A paid patient (with a caregiver asked for, or not), seen; the outcome is to be recorded. */
async function endedConsultation(withCaregiver: boolean) {
  const patient = await paidPatient(t.app);
  if (withCaregiver)
    await t.app.ctx.db
      .update(applications)
      .set(CAREGIVER)
      .where(eq(applications.id, patient.application.id));
  const queueId = patient.queue.id!;
  const start = await doctor.client.post('/api/admin/start-consultation', { queueId });
  expect(start.statusCode, start.body).toBe(200);
  const end = await doctor.client.post('/api/admin/end-consultation', { queueId });
  expect(end.statusCode, end.body).toBe(200);
  const consultationId: string = start.json().consultation.id;
  await approveRequiredDocuments(t.app, consultationId);
  return { patient, consultationId };
}

const approve = (consultationId: string, extra: Record<string, unknown>) =>
  doctor.client.post(`/api/admin/consultations/${consultationId}/outcome`, {
    approved: true,
    identityVerified: true,
    ...extra,
  });

async function consultation(id: string) {
  const [row] = await t.app.ctx.db.select().from(consultations).where(eq(consultations.id, id));
  return row!;
}

async function recommendationText(documentId: string) {
  const [doc] = await t.app.ctx.db.select().from(documents).where(eq(documents.id, documentId));
  return pdfLayoutText(new Uint8Array(await buffer(await t.app.ctx.blobs.get(doc!.storageKey))));
}

describe('approving a patient who asked for a caregiver', () => {
  it.each([
    ['without homebound', {}],
    ['with homebound null', { homebound: null }],
    ['with homebound "yes"', { homebound: 'yes' }],
  ])('is refused %s: 400 naming homebound, nothing written', async (_, extra) => {
    const { patient, consultationId } = await endedConsultation(true);
    const res = await approve(consultationId, extra);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toContain('homebound');
    if (!('homebound' in extra)) expect(res.json().message).toBe(HOMEBOUND_REQUIRED_MESSAGE);
    expect(await consultation(consultationId)).toMatchObject({ outcome: null, homebound: null });
    const [application] = await t.app.ctx.db
      .select()
      .from(applications)
      .where(eq(applications.id, patient.application.id));
    expect(application!.status).toBe('in_review');
    const docs = await t.app.ctx.db
      .select()
      .from(documents)
      .where(eq(documents.patientId, patient.patientId));
    expect(docs.filter((d) => d.category === 'physician_recommendation')).toEqual([]);
    const actions = (await auditRows(t.app, { targetId: consultationId })).map((r) => r.action);
    expect(actions).not.toContain('consultation.approve');
  });

  it('homebound: true prints the caregiver and stores the certification', async () => {
    const { consultationId } = await endedConsultation(true);
    const res = await approve(consultationId, { homebound: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await consultation(consultationId)).toMatchObject({
      outcome: 'approved',
      homebound: true,
    });
    const text = await recommendationText(res.json().documentId);
    expect(text).toMatch(/^\s*Caregiver name {2,}Robin Okafor-Hale\s*$/m);
    expect(text).toMatch(/^\s*Relationship {2,}Daughter\s*$/m);
    expect(text).toMatch(/^\s*Caregiver phone {2,}405-555-0199\s*$/m);
    expect(text.replace(/\s+/g, ' ')).toContain('I certify that the patient is homebound.');
    const [approval] = (await auditRows(t.app, { targetId: consultationId })).filter(
      (r) => r.action === 'consultation.approve',
    );
    expect(approval!.details).toMatchObject({ homebound: true });
  });

  it('homebound: false approves without the caregiver on the form', async () => {
    const { consultationId } = await endedConsultation(true);
    const res = await approve(consultationId, { homebound: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(await consultation(consultationId)).toMatchObject({
      outcome: 'approved',
      homebound: false,
    });
    const text = await recommendationText(res.json().documentId);
    expect(text).not.toContain('Robin');
    expect(text).not.toContain('Caregiver');
    expect(text).not.toContain('homebound');
  });
});

describe('approving a patient without a caregiver', () => {
  it('needs no homebound answer and prints no caregiver', async () => {
    const { consultationId } = await endedConsultation(false);
    const res = await approve(consultationId, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await consultation(consultationId)).toMatchObject({ homebound: null });
    expect(await recommendationText(res.json().documentId)).not.toContain('Caregiver');
  });
});
