import type { z } from 'zod';
import { ApplicationFormSchema, IntakeFormSchema } from '../../../../shared/schemas/application';

/** The wizard's step 1: the application form and its conditions (patient-side.md §5). */
export const IntakeSchema = ApplicationFormSchema.and(IntakeFormSchema);
export type IntakeInput = z.input<typeof IntakeSchema>;
export type IntakeOutput = z.output<typeof IntakeSchema>;

export const PROOF_REQUIRED = 'Proof of qualification is required for reduced fee eligibility';
