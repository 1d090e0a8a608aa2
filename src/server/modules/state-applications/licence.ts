import type { Executor } from '../../db/client.js';
import { patientLicenses, type StateApplicationDbRow } from '../../db/schema/index.js';

// OMMA's approval recorded on the desk gives the patient their licence (issue 22): one per
// patient, so a renewal's licence replaces the last one. A new expiry starts its renewal
// reminders afresh (the `renewals` part sends them: licenses/events.ts afterLicenseChanged).

export async function recordDeskLicence(
  tx: Executor,
  row: Pick<StateApplicationDbRow, 'id' | 'patientId'>,
  licence: { licenseNumber: string; issuedOn: string; expiresOn: string },
) {
  const now = new Date();
  await tx
    .insert(patientLicenses)
    .values({
      patientId: row.patientId,
      licenseNumber: licence.licenseNumber,
      issuedOn: licence.issuedOn,
      expiresOn: licence.expiresOn,
      source: 'desk',
      stateApplicationId: row.id,
    })
    .onConflictDoUpdate({
      target: patientLicenses.patientId,
      set: {
        licenseNumber: licence.licenseNumber,
        issuedOn: licence.issuedOn,
        expiresOn: licence.expiresOn,
        source: 'desk',
        stateApplicationId: row.id,
        remindersSent: [],
        updatedAt: now,
      },
    });
}
