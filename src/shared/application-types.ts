// What a patient applies for, kept apart from fees.ts (zod) so pages that only name it stay
// zod-free (issue 23).

export const APPLICATION_TYPES = ['new', 'renewal'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];
export const APPLICATION_TYPE_LABELS: Record<ApplicationType, string> = {
  new: 'New License',
  renewal: 'License Renewal',
};
