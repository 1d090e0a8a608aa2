import { z } from 'zod';
import {
  OMMA_CHECKLIST_IDS,
  RESUBMITTABLE_DOCUMENTS,
  STATE_APPLICATION_MODES,
  STATE_APPLICATION_STATUSES,
} from '../state-application.js';

// The request and answer shapes of issue 22: the State Applications desk
// (/api/admin/state-applications…), the patient's side (journey, state-application, licence)
// and renewals. One schema for the route, the screen and the tests.

const isoDate = (field: string) => z.iso.date({ error: `${field} must be a date (YYYY-MM-DD)` });
const required = (field: string, max = 100) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

export const StateApplicationStatusSchema = z.enum(STATE_APPLICATION_STATUSES);
export const StateApplicationModeSchema = z.enum(STATE_APPLICATION_MODES);

/** GET /api/admin/state-applications: rows by urgency (fewest days left first). */
export const StateApplicationRowSchema = z.object({
  id: z.uuid(),
  applicationId: z.uuid(),
  patientName: z.string(),
  status: StateApplicationStatusSchema,
  /** The last day it may reach OMMA (the resubmission deadline once rejected). */
  submitBy: z.iso.date(),
  /** From the clinic's today to submitBy; negative once passed. */
  daysLeft: z.number().int(),
});
export type StateApplicationRow = z.infer<typeof StateApplicationRowSchema>;

export const LicenseSchema = z.object({
  licenseNumber: z.string(),
  issuedOn: z.iso.date().nullable(),
  expiresOn: z.iso.date(),
});
export type License = z.infer<typeof LicenseSchema>;

/** A licence expiring within EXPIRING_LICENSE_DAYS, for staff. */
export const ExpiringLicenseSchema = LicenseSchema.extend({
  patientId: z.uuid(),
  patientName: z.string(),
  daysLeft: z.number().int(),
});

export const StateApplicationListSchema = z.object({
  applications: z.array(StateApplicationRowSchema),
  expiringLicenses: z.array(ExpiringLicenseSchema),
});
export type StateApplicationList = z.infer<typeof StateApplicationListSchema>;

/** GET /api/admin/state-applications/:id: one application on the desk. */
export const StateApplicationDetailSchema = StateApplicationRowSchema.extend({
  signedOn: z.iso.date(),
  checklist: z.array(z.enum(OMMA_CHECKLIST_IDS)),
  ommaApplicationNumber: z.string().nullable(),
  submittedOn: z.iso.date().nullable(),
  stateFeeReference: z.string().nullable(),
  rejection: z
    .object({
      reason: z.string(),
      documentsNeeded: z.array(z.enum(RESUBMITTABLE_DOCUMENTS)),
      rejectedOn: z.iso.date(),
      resubmitBy: z.iso.date(),
    })
    .nullable(),
  license: LicenseSchema.nullable(),
  cardMailedOn: z.iso.date().nullable(),
  /** held: collected, not yet paid to OMMA; paid: paid with the submission; refunded. */
  stateFee: z.object({
    cents: z.number().int(),
    status: z.enum(['held', 'paid', 'refunded']),
  }),
});
export type StateApplicationDetail = z.infer<typeof StateApplicationDetailSchema>;

export const ChecklistBodySchema = z.object({ checked: z.array(z.enum(OMMA_CHECKLIST_IDS)) });

export const SubmittedBodySchema = z.object({
  ommaApplicationNumber: required('ommaApplicationNumber', 60),
  submittedOn: isoDate('submittedOn'),
  stateFeeReference: required('stateFeeReference', 100),
});

export const DecisionBodySchema = z.discriminatedUnion(
  'outcome',
  [
    z.object({
      outcome: z.literal('approved'),
      licenseNumber: required('licenseNumber', 60),
      issuedOn: isoDate('issuedOn'),
      expiresOn: isoDate('expiresOn'),
    }),
    z.object({
      outcome: z.literal('rejected'),
      reason: required('reason', 1000),
      documentsNeeded: z
        .array(
          z.enum(RESUBMITTABLE_DOCUMENTS, {
            error: `documentsNeeded takes ${RESUBMITTABLE_DOCUMENTS.join(', ')}`,
          }),
        )
        .max(RESUBMITTABLE_DOCUMENTS.length),
    }),
  ],
  { error: 'outcome must be approved or rejected' },
);
export type DecisionBody = z.infer<typeof DecisionBodySchema>;

export const CardMailedBodySchema = z.object({ mailedOn: isoDate('mailedOn') });
export const RefundStateFeeBodySchema = z.object({ reason: required('reason', 500) });

/** GET /api/patient/journey's `stateApplication`. */
export const PatientStateApplicationSchema = z.object({
  mode: StateApplicationModeSchema,
  status: StateApplicationStatusSchema,
  ommaApplicationNumber: z.string().nullable(),
  submittedOn: z.iso.date().nullable(),
  submitBy: z.iso.date(),
  /** On rejection only. */
  reason: z.string().optional(),
  documentsNeeded: z.array(z.enum(RESUBMITTABLE_DOCUMENTS)).optional(),
  resubmitBy: z.iso.date().optional(),
});
export type PatientStateApplication = z.infer<typeof PatientStateApplicationSchema>;

/** POST /api/patient/state-application (`patient_submits`): the patient applied. */
export const PatientAppliedBodySchema = z.object({
  ommaApplicationNumber: z.string().trim().max(60).optional(),
  submittedOn: isoDate('submittedOn'),
});

/** PUT /api/patient/license: the patient's own licence. */
export const PatientLicenseBodySchema = z.object({
  licenseNumber: required('licenseNumber', 60),
  expiresOn: isoDate('expiresOn'),
});
