import type { AppContext } from '../../context.js';

/**
 * Called once a patient's licence expiry is set or changed (PUT /api/patient/license, the desk's
 * OMMA approval), after the change committed: the renewal reminders already due for the new
 * expiry go at once rather than at the next hourly pass. The renewals module fills it in.
 */
export async function afterLicenseChanged(_ctx: AppContext, _patientId: string): Promise<void> {}
