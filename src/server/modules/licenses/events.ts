import type { AppContext } from '../../context.js';
import { sendRenewalReminders } from './reminders.js';

// Called once a licence's expiry is set or changed (issue 22): by the patient's PUT
// /api/patient/license and by the desk recording OMMA's approval, after their transaction
// commits. A licence entered already inside a reminder window gets its reminder now rather
// than at the next hourly pass.
//
// The caller's write resets `patient_licenses.reminders_sent` to [] whenever `expires_on`
// changes (a renewed licence is reminded afresh); an unchanged expiry keeps what was sent, so
// calling this again sends nothing more.

export async function afterLicenseChanged(ctx: AppContext, patientId: string): Promise<void> {
  await sendRenewalReminders(ctx, { patientId });
}
