import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import type { Client, TestApp } from '../../test/harness.js';
import { type PaidPatient, queuedWithoutIntake } from '../../test/patients.js';
import { closeSocketApp, openSocketApp, Peer, type PeerEnv } from '../../test/socket-peer.js';

// Issue 12, honest figures: "Doctors on duty" on the operations screens counts the doctors with
// a live connection now, and reads 0 when none is online; only the wait estimates divide by at
// least one (ruling 16). The queue names its patients (name and date of birth), so each read is
// audited as a patient-data read (ruling 17).

let t: TestApp;
let env: PeerEnv;
let operations: { client: Client; id: string };
let first: PaidPatient;
let second: PaidPatient;

beforeAll(async () => {
  ({ t, env } = await openSocketApp());
  operations = await signedInAs(t.app, 'operations_admin');
  first = await queuedWithoutIntake(t.app, { firstName: 'Avery', lastName: 'Quinn' });
  second = await queuedWithoutIntake(t.app, { firstName: 'Blake', lastName: 'Moreno' });
});
afterAll(() => closeSocketApp(t, env));

const queueStatus = async () => {
  const res = await operations.client.get('/api/admin/queue-status');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** The server sees a socket arrive or leave a moment after the client does. */
async function doctorsOnDutyBecomes(n: number) {
  await expect.poll(async () => (await queueStatus()).doctorsOnDuty).toBe(n);
}

describe('doctors on duty', () => {
  it('is 0 with no doctor connected, while the estimates still divide by one', async () => {
    // A doctor who is signed in but has no page open is not on duty for this figure.
    await signedInAs(t.app, 'doctor');
    const status = await queueStatus();
    expect(status.doctorsOnDuty).toBe(0);
    expect(status.queue.map((e: { estimatedWaitTime: number }) => e.estimatedWaitTime)).toEqual([
      0, 15,
    ]);
  });

  it('counts each connected doctor once, and drops them when they leave', async () => {
    const doctor = await signedInAs(t.app, 'doctor');
    const tab1 = await new Peer(doctor.client, env).connected();
    const tab2 = await new Peer(doctor.client, env).connected();
    await doctorsOnDutyBecomes(1);

    const other = await signedInAs(t.app, 'doctor');
    const otherTab = await new Peer(other.client, env).connected();
    await doctorsOnDutyBecomes(2);

    // Staff who are not doctors do not count.
    await new Peer(operations.client, env).connected();
    await doctorsOnDutyBecomes(2);

    tab1.socket.close();
    tab2.socket.close();
    otherTab.socket.close();
    await doctorsOnDutyBecomes(0);
  });
});

describe('the operations queue names its patients', () => {
  it('with name and date of birth, and audits the read', async () => {
    const before = (await auditRows(t.app, { actorId: operations.id })).length;
    const status = await queueStatus();
    expect(status.queue).toEqual([
      expect.objectContaining({
        applicationId: first.application.id,
        patientName: 'Avery Quinn',
        dateOfBirth: '1985-04-12',
      }),
      expect.objectContaining({
        applicationId: second.application.id,
        patientName: 'Blake Moreno',
      }),
    ]);
    const rows = (await auditRows(t.app, { actorId: operations.id })).slice(before);
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'patient_data.read',
        targetType: 'queue_status',
        details: { patients: 2 },
      }),
    ]);
  });
});
