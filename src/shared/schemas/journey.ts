import { z } from 'zod';
import { DOCUMENT_CATEGORIES } from '../documents.js';
import { LicenseSchema, PatientStateApplicationSchema } from './state-application.js';

// GET /api/patient/journey (issue 11: the journey is the server's). The server computes the
// visit's steps from the records (src/shared/journey.ts) and every patient screen renders them.

export const JOURNEY_STEP_KEYS = [
  'account',
  'application',
  'documents',
  'payment',
  'queue',
  'consultation',
  'decision',
  'delivery',
  // Issue 22: the journey goes on to the OMMA application and the licence.
  'state_application',
  'license',
] as const;
export type JourneyStepKey = (typeof JOURNEY_STEP_KEYS)[number];

/**
 * `attention`: the patient must act on something that went wrong (a rejected document, a
 * denial, a removal from the queue); `blocked`: the step cannot happen on this application.
 */
export const JOURNEY_STEP_STATES = [
  'completed',
  'current',
  'pending',
  'attention',
  'blocked',
] as const;
export type JourneyStepState = (typeof JOURNEY_STEP_STATES)[number];

/** What to do next: a label and an in-app route. */
export const JourneyActionSchema = z.object({ label: z.string(), to: z.string() });
export type JourneyAction = z.infer<typeof JourneyActionSchema>;

export const JourneyStepSchema = z.object({
  key: z.enum(JOURNEY_STEP_KEYS),
  title: z.string(),
  /** One short line: where this step stands for this patient. */
  status: z.string(),
  state: z.enum(JOURNEY_STEP_STATES),
  /** The next action, on the current step and on a step that needs attention. */
  action: JourneyActionSchema.nullable(),
  /**
   * Issue 24: `status` and the action's label by key (msg()), for the patient's pages to show in
   * their language; `status` and `label` stay English for the clinic's screens and logs.
   */
  statusMessage: z.string().optional(),
  actionMessage: z.string().optional(),
});
export type JourneyStep = z.infer<typeof JourneyStepSchema>;

export const JourneySchema = z.object({
  steps: z.array(JourneyStepSchema),
  completed: z.number().int(),
  /** completed / steps, as a whole percent. */
  percent: z.number().int(),
  /** The step the patient is at (else the first needing attention), null when all are done. */
  current: z.enum(JOURNEY_STEP_KEYS).nullable(),
});
export type Journey = z.infer<typeof JourneySchema>;

export const DecisionSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('approved'),
    /** The day the physician signed the recommendation (the clinic's calendar). */
    signedOn: z.iso.date(),
    /** OMMA needs the recommendation dated within 30 days of the license application. */
    expiresOn: z.iso.date(),
    /** Days from the clinic's today to expiresOn (negative once it has passed). */
    daysLeft: z.number().int(),
    /** The recommendation document, null while it is being prepared. */
    documentId: z.uuid().nullable(),
  }),
  z.object({
    outcome: z.literal('not_approved'),
    reason: z.string().nullable(),
    /** What became of the fee: 'voided' (hold released), 'refunded', or else as it stands. */
    paymentStatus: z.string(),
    amountCents: z.number().int(),
  }),
]);
export type Decision = z.infer<typeof DecisionSchema>;

export const DocumentNeedingAttentionSchema = z.object({
  id: z.uuid(),
  category: z.enum(DOCUMENT_CATEGORIES),
  name: z.string(),
  reason: z.string().nullable(),
  /** Required before the queue (QUEUE_REQUIRED_DOCUMENTS). */
  required: z.boolean(),
  /** Where to upload a new file. */
  to: z.string(),
});
export type DocumentNeedingAttention = z.infer<typeof DocumentNeedingAttentionSchema>;

export const PatientJourneyResponseSchema = z.object({
  journey: JourneySchema,
  decision: DecisionSchema.nullable(),
  documentsNeedingAttention: z.array(DocumentNeedingAttentionSchema),
  /** The latest application's OMMA application (issue 22), null before approval. */
  stateApplication: PatientStateApplicationSchema.nullable(),
  /** The patient's current OMMA licence, from the desk or entered by the patient. */
  license: LicenseSchema.nullable(),
});
export type PatientJourneyResponse = z.infer<typeof PatientJourneyResponseSchema>;
