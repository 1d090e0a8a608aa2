import { z } from 'zod';
import { APPLICATION_STATUSES } from '../application-status.js';
import { APPLICATION_TYPES, REDUCED_FEE_REASONS, ReducedFeeReasonSchema } from '../fees.js';
import { msg } from '../i18n/message-key.js';
import { ICD_CODES } from '../icd-codes.js';
import { APPLICATION_PAYMENT_STATUSES } from '../payment-status.js';
import { STATE_APPLICATION_MODES } from '../state-application.js';
import { EmailSchema, PhoneSchema } from './auth.js';

// Applications (patient-side.md §3, §5 Application form; rulings 6, 14).

export {
  ALREADY_PAID_MESSAGE,
  APPLICATION_STATUSES,
  type ApplicationStatus,
  BYPASS_AFTER_DECISION_MESSAGE,
  CLOSED_STATUSES,
  isClosedStatus,
  paymentDue,
} from '../application-status.js';

export const MedicalConditionSchema = z.object({
  // The message sits on the union: a failed union otherwise answers "Invalid input".
  icdCode: z.union([z.enum(ICD_CODES).nullable().optional(), z.literal('').transform(() => null)], {
    error: msg('intake.error.chooseCode'),
  }),
  description: z
    .string({ error: msg('intake.error.conditionRequired') })
    .trim()
    .min(1, msg('intake.error.conditionRequired'))
    .max(300, msg('intake.error.conditionTooLong')),
});
export type MedicalConditionInput = z.input<typeof MedicalConditionSchema>;

/** The fields optionalText bounds, named in intake.error.tooLong's select. */
type BoundedField = 'caregiverFirstName' | 'caregiverLastName' | 'relationship' | 'physicianNotes';

const optionalText = (max: number, field: BoundedField) =>
  z
    .string()
    .trim()
    .max(max, msg('intake.error.tooLong', { field, max }))
    .optional()
    .or(z.literal(''));

/** The intake form's payload (the wizard's step 1). Conditions travel separately (§4). */
export const ApplicationFormSchema = z
  .object({
    type: z.enum(APPLICATION_TYPES, { error: msg('intake.error.chooseType') }),
    needsCaregiver: z.boolean().default(false),
    caregiverFirstName: optionalText(100, 'caregiverFirstName'),
    caregiverLastName: optionalText(100, 'caregiverLastName'),
    caregiverPhone: PhoneSchema.optional().or(z.literal('')),
    caregiverEmail: EmailSchema(msg('intake.error.caregiverEmail')).optional().or(z.literal('')),
    relationship: optionalText(100, 'relationship'),
    hasReducedFee: z.boolean().default(false),
    reducedFeeReason: z.union([ReducedFeeReasonSchema, z.literal(''), z.null()]).optional(),
    physicianNotes: optionalText(2000, 'physicianNotes'),
    amount: z.string().max(20).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.needsCaregiver) {
      if (!v.caregiverFirstName)
        ctx.addIssue({
          code: 'custom',
          path: ['caregiverFirstName'],
          message: msg('intake.error.caregiverFirstName'),
        });
      if (!v.caregiverLastName)
        ctx.addIssue({
          code: 'custom',
          path: ['caregiverLastName'],
          message: msg('intake.error.caregiverLastName'),
        });
    }
    if (v.hasReducedFee && !v.reducedFeeReason)
      ctx.addIssue({
        code: 'custom',
        path: ['reducedFeeReason'],
        message: msg('intake.error.reasonRequired'),
      });
  });
export type ApplicationFormRequest = z.input<typeof ApplicationFormSchema>;

/** The wizard's form with its conditions: at least one, each described. */
export const IntakeFormSchema = z.object({
  medicalConditions: z.array(MedicalConditionSchema).min(1, msg('intake.error.conditionsRequired')),
});

const draftText = (max: number) =>
  z.string().max(max, msg('intake.error.keepUnder', { max })).optional();

/**
 * The wizard's draft (issue 11): the application form as it is being typed, every field
 * optional (half-typed values are kept as they are) and each bounded, with its conditions.
 */
export const ApplicationDraftSchema = z
  .object({
    type: z.union([z.enum(APPLICATION_TYPES), z.literal('')]).optional(),
    needsCaregiver: z.boolean().optional(),
    caregiverFirstName: draftText(100),
    caregiverLastName: draftText(100),
    caregiverPhone: draftText(40),
    caregiverEmail: draftText(254),
    relationship: draftText(100),
    hasReducedFee: z.boolean().optional(),
    reducedFeeReason: z.union([ReducedFeeReasonSchema, z.literal(''), z.null()]).optional(),
    physicianNotes: draftText(2000),
    medicalConditions: z
      .array(
        z.strictObject({
          icdCode: z.union([z.string().max(20), z.null()]).optional(),
          description: draftText(300),
        }),
      )
      .max(20, msg('intake.error.tooManyConditions', { max: 20 }))
      .optional(),
  })
  .strict();
export type ApplicationDraft = z.infer<typeof ApplicationDraftSchema>;

export const ApplicationDraftViewSchema = z.object({
  data: ApplicationDraftSchema,
  updatedAt: z.string(),
});
export type ApplicationDraftView = z.infer<typeof ApplicationDraftViewSchema>;

export const ApplicationStatusUpdateSchema = z.object({
  status: z.enum(APPLICATION_STATUSES, { error: 'Unknown status' }),
});

export const MedicalConditionViewSchema = z.object({
  id: z.string(),
  icdCode: z.string().nullable(),
  description: z.string(),
});

export const ApplicationViewSchema = z.object({
  id: z.string(),
  type: z.enum(APPLICATION_TYPES),
  status: z.enum(APPLICATION_STATUSES),
  /** What became of the fee: held at payment, taken on approval, released otherwise. */
  paymentStatus: z.enum(APPLICATION_PAYMENT_STATUSES),
  paymentId: z.string().nullable(),
  /** The physician's reason when the recommendation was not approved, else null. */
  decisionReason: z.string().nullable(),
  /** Why staff removed the patient from the line (the latest queue entry's), else null. */
  removalReason: z.string().nullable(),
  amount: z.string(),
  hasReducedFee: z.boolean(),
  reducedFeeReason: z.enum(REDUCED_FEE_REASONS).nullable(),
  needsCaregiver: z.boolean(),
  caregiverFirstName: z.string().nullable(),
  caregiverLastName: z.string().nullable(),
  caregiverPhone: z.string().nullable(),
  caregiverEmail: z.string().nullable(),
  relationship: z.string().nullable(),
  physicianNotes: z.string().nullable(),
  consentAt: z.string().nullable(),
  /** Who applies to OMMA, fixed at payment (issue 22); null before payment. */
  stateApplicationMode: z.enum(STATE_APPLICATION_MODES).nullable(),
  submittedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
  medicalConditions: z.array(MedicalConditionViewSchema),
});
export type ApplicationView = z.infer<typeof ApplicationViewSchema>;
