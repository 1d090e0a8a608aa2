import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { signedInAs } from '../../test/fixtures.js';
import type { Client, TestApp } from '../../test/harness.js';
import { type PaidPatient, queuedWithoutIntake } from '../../test/patients.js';
import { closeSocketApp, openSocketApp, Peer, type PeerEnv } from '../../test/socket-peer.js';

// Issue 24: staff see the patient's language wherever the patient is named: `language` on each
// row of the waiting room, the meetings, the queue status and the doctor's queue, and
// `patient.language` in the chart. A Spanish speaker's waiting-room row carries
// `spanishPhysicianOnDuty`: whether a doctor who consults in Spanish is connected now.

let t: TestApp;
let env: PeerEnv;
let admin: { client: Client; id: string };
let english: PaidPatient;
let spanish: PaidPatient;

beforeAll(async () => {
  ({ t, env } = await openSocketApp());
  admin = await signedInAs(t.app, 'admin');
  english = await queuedWithoutIntake(t.app, { firstName: 'Avery', lastName: 'Quinn' });
  spanish = await queuedWithoutIntake(t.app, { firstName: 'Lucía', lastName: 'Moreno' });
  const res = await spanish.client.put('/api/user/language', { language: 'es' });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => closeSocketApp(t, env));

async function get(client: Client, url: string) {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

type Row = { applicationId: string; language: string; spanishPhysicianOnDuty?: boolean };
const byApplication = (rows: Row[]) => new Map(rows.map((r) => [r.applicationId, r]));

async function waitingRoom() {
  return byApplication((await get(admin.client, '/api/admin/waiting-room')).patients);
}

/** A doctor signed in, consulting in these languages (null: none stored, read as English). */
async function doctorWith(languages: string[] | null) {
  const doctor = await signedInAs(t.app, 'doctor');
  await t.app.ctx.db.update(users).set({ languages }).where(eq(users.id, doctor.id));
  return doctor;
}

describe('the patient’s language on every list that names the patient', () => {
  it('GET /api/admin/waiting-room', async () => {
    const rows = await waitingRoom();
    expect(rows.get(english.application.id)).toMatchObject({ language: 'en' });
    expect(rows.get(english.application.id)).not.toHaveProperty('spanishPhysicianOnDuty');
    expect(rows.get(spanish.application.id)).toMatchObject({
      language: 'es',
      spanishPhysicianOnDuty: false,
    });
  });

  it('GET /api/admin/meetings, with the doctors’ consulting languages', async () => {
    const doctor = await doctorWith(['en', 'es']);
    const other = await doctorWith(null);
    const meetings = await get(admin.client, '/api/admin/meetings');
    const doctors = new Map(
      meetings.map((m: { doctor: { id: string; languages: string[] } }) => [m.doctor.id, m.doctor]),
    );
    expect(doctors.get(doctor.id)).toMatchObject({ languages: ['en', 'es'] });
    expect(doctors.get(other.id)).toMatchObject({ languages: ['en'] });
    for (const m of meetings) {
      const rows = byApplication(m.waitingPatients);
      expect(rows.get(english.application.id)?.language).toBe('en');
      expect(rows.get(spanish.application.id)?.language).toBe('es');
    }
    expect(meetings.length).toBeGreaterThan(0);
  });

  it('GET /api/admin/queue-status', async () => {
    const rows = byApplication((await get(admin.client, '/api/admin/queue-status')).queue);
    expect(rows.get(english.application.id)?.language).toBe('en');
    expect(rows.get(spanish.application.id)?.language).toBe('es');
  });

  it('GET /api/doctor/queue', async () => {
    const doctor = await signedInAs(t.app, 'doctor');
    const rows = byApplication(await get(doctor.client, '/api/doctor/queue'));
    expect(rows.get(english.application.id)?.language).toBe('en');
    expect(rows.get(spanish.application.id)?.language).toBe('es');
  });

  it('GET /api/admin/patients/:id/record', async () => {
    const es = await get(admin.client, `/api/admin/patients/${spanish.patientId}/record`);
    expect(es.patient.language).toBe('es');
    const en = await get(admin.client, `/api/admin/patients/${english.patientId}/record`);
    expect(en.patient.language).toBe('en');
  });
});

describe('spanishPhysicianOnDuty', () => {
  const flag = async () =>
    (await waitingRoom()).get(spanish.application.id)?.spanishPhysicianOnDuty;

  it('is true only while a doctor who consults in Spanish is connected', async () => {
    // English-only doctors connected (one stored, one by default): still false.
    const englishOnly = await doctorWith(['en']);
    const byDefault = await doctorWith(null);
    const tabs = [
      await new Peer(englishOnly.client, env).connected(),
      await new Peer(byDefault.client, env).connected(),
    ];
    await expect
      .poll(async () => (await get(admin.client, '/api/admin/queue-status')).doctorsOnDuty)
      .toBe(2);
    expect(await flag()).toBe(false);

    // A Spanish-speaking doctor signed in but with no page open is not connected.
    const bilingual = await doctorWith(['en', 'es']);
    expect(await flag()).toBe(false);

    const tab = await new Peer(bilingual.client, env).connected();
    await expect.poll(flag).toBe(true);
    // The English speaker's row never carries the flag.
    expect((await waitingRoom()).get(english.application.id)).not.toHaveProperty(
      'spanishPhysicianOnDuty',
    );

    tab.socket.close();
    await expect.poll(flag).toBe(false);
    for (const t of tabs) t.socket.close();
  });

  it('a Spanish-speaking doctor admin connected does not count: only doctors consult', async () => {
    const lead = await signedInAs(t.app, 'doctor_admin');
    await t.app.ctx.db
      .update(users)
      .set({ languages: ['es'] })
      .where(eq(users.id, lead.id));
    const tab = await new Peer(lead.client, env).connected();
    // The lead's own page loads the waiting room too (readMeetings).
    const rows = byApplication((await get(lead.client, '/api/admin/waiting-room')).patients);
    expect(rows.get(spanish.application.id)?.spanishPhysicianOnDuty).toBe(false);
    tab.socket.close();
  });
});
