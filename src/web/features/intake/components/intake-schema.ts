import type { z } from 'zod';
import { msg } from '../../../../shared/i18n/message-key';
import { ApplicationFormSchema, IntakeFormSchema } from '../../../../shared/schemas/application';

/** The wizard's step 1: the application form and its conditions (patient-side.md §5). */
export const IntakeSchema = ApplicationFormSchema.and(IntakeFormSchema);
export type IntakeInput = z.input<typeof IntakeSchema>;
export type IntakeOutput = z.output<typeof IntakeSchema>;

/** A message by key: the summary and the proof's field show it in the reader's language. */
export const PROOF_REQUIRED = msg('intake.fee.proofRequired');
