import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { longDate } from '../../../shared/journey-licence.js';
import type {
  License,
  PatientAppliedBodySchema,
  PatientLicenseBodySchema,
  PatientStateApplication,
} from '../../../shared/schemas/state-application.js';
import { addYears, LICENSE_TERM_YEARS } from '../../../shared/state-application.js';
import type { AppContext } from '../../context.js';
import { patientLicenses, stateApplications } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { audit } from '../audit/service.js';
import { afterLicenseChanged } from '../licenses/events.js';
import {
  clinicToday,
  latestStateApplication,
  toPatientStateApplication,
} from './state-application-view.js';

// The patient's own records of issue 22: "I have applied" (patient_submits, where the patient
// applies at OMMA's portal) and their licence (for the renewal reminders). Each write is one
// transaction with its audit row.

interface PatientCall {
  ctx: AppContext;
  patient: { id: string; userId: string };
  ip: string;
  log: { warn(message: string): void };
}

const fieldError = (path: string, message: string) =>
  new AppError('VALIDATION', message, [{ path, message }]);

export const NO_STATE_APPLICATION =
  'You have no state application yet: it opens when your physician approves your recommendation';
export const CLINIC_SUBMITS =
  'The clinic submits your OMMA application for you; it records the submission';

/** POST /api/patient/state-application: the patient applied at OMMA (patient_submits only). */
export async function recordPatientApplied(
  call: PatientCall,
  body: z.infer<typeof PatientAppliedBodySchema>,
): Promise<PatientStateApplication> {
  const { ctx, patient } = call;
  const today = clinicToday(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const latest = await latestStateApplication(tx, patient.id);
    if (!latest) throw new AppError('CONFLICT', NO_STATE_APPLICATION);
    // Locked: the desk (or a second tab) may be writing the same row.
    const [current] = await tx
      .select()
      .from(stateApplications)
      .where(eq(stateApplications.id, latest.id))
      .for('update');
    if (current!.mode !== 'patient_submits') throw new AppError('CONFLICT', CLINIC_SUBMITS);
    // Preparing, or submitted (the patient corrects the date or number they gave).
    if (current!.status !== 'preparing' && current!.status !== 'submitted')
      throw new AppError('CONFLICT', 'OMMA has already decided on this application');
    if (body.submittedOn > today)
      throw fieldError('submittedOn', 'submittedOn cannot be in the future');
    if (body.submittedOn < current!.signedOn)
      throw fieldError(
        'submittedOn',
        `submittedOn cannot be before your recommendation was signed (${longDate(current!.signedOn)})`,
      );
    if (body.submittedOn > current!.submitBy)
      throw fieldError(
        'submittedOn',
        `submittedOn must be on or before ${longDate(current!.submitBy)}, the last day OMMA accepts this recommendation`,
      );
    const [updated] = await tx
      .update(stateApplications)
      .set({
        status: 'submitted',
        submittedOn: body.submittedOn,
        ommaApplicationNumber: body.ommaApplicationNumber || null,
        updatedAt: new Date(ctx.now()),
        updatedBy: patient.userId,
      })
      .where(eq(stateApplications.id, current!.id))
      .returning();
    await audit(tx, {
      actor: { id: patient.userId, role: 'patient' },
      action: 'state_application.patient_applied',
      targetType: 'state_application',
      targetId: current!.id,
      ip: call.ip,
      details: { correction: current!.status === 'submitted' },
      patientIds: [patient.userId],
    });
    return updated!;
  });
  return toPatientStateApplication(ctx, row, new Map(), call.log);
}

/**
 * PUT /api/patient/license: the patient's own licence, one per patient. A new expiry starts its
 * renewal reminders afresh; a new number drops what the desk recorded with the old one.
 */
export async function savePatientLicense(
  call: PatientCall,
  body: z.infer<typeof PatientLicenseBodySchema>,
): Promise<License> {
  const { ctx, patient } = call;
  const latestExpiry = addYears(clinicToday(ctx), LICENSE_TERM_YEARS);
  if (body.expiresOn > latestExpiry)
    throw fieldError(
      'expiresOn',
      `expiresOn must be on or before ${longDate(latestExpiry)}: a licence lasts ${LICENSE_TERM_YEARS} years`,
    );
  const now = new Date(ctx.now());
  const saved = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ expiresOn: patientLicenses.expiresOn })
      .from(patientLicenses)
      .where(eq(patientLicenses.patientId, patient.id))
      .for('update');
    // One statement either way: two first saves at once meet on the unique patient key.
    const [row] = await tx
      .insert(patientLicenses)
      .values({
        patientId: patient.id,
        licenseNumber: body.licenseNumber,
        expiresOn: body.expiresOn,
        source: 'patient',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: patientLicenses.patientId,
        set: {
          licenseNumber: sql`excluded.license_number`,
          expiresOn: sql`excluded.expires_on`,
          source: sql`excluded.source`,
          issuedOn: sql`case when ${patientLicenses.licenseNumber} = excluded.license_number then ${patientLicenses.issuedOn} end`,
          stateApplicationId: sql`case when ${patientLicenses.licenseNumber} = excluded.license_number then ${patientLicenses.stateApplicationId} end`,
          remindersSent: sql`case when ${patientLicenses.expiresOn} = excluded.expires_on then ${patientLicenses.remindersSent} else '[]'::jsonb end`,
          updatedAt: now,
        },
      })
      .returning();
    await audit(tx, {
      actor: { id: patient.userId, role: 'patient' },
      action: 'patient.update_license',
      targetType: 'patient_license',
      targetId: row!.id,
      ip: call.ip,
      details: { created: !before, expiryChanged: before?.expiresOn !== body.expiresOn },
      patientIds: [patient.userId],
    });
    return row!;
  });
  await afterLicenseChanged(ctx, patient.id);
  return {
    licenseNumber: saved.licenseNumber,
    issuedOn: saved.issuedOn,
    expiresOn: saved.expiresOn,
  };
}
