// Qualifying conditions (patient-side.md §3) with ruling 21's corrections: G89.29 chronic
// pain, R11.0 severe nausea, M62.838 severe muscle spasms.
export const QUALIFYING_CONDITIONS = [
  { icdCode: 'G89.29', description: 'Chronic pain' },
  { icdCode: 'F43.10', description: 'Post-traumatic stress disorder (PTSD)' },
  { icdCode: 'G40.9', description: 'Epilepsy' },
  { icdCode: 'C80.1', description: 'Cancer' },
  { icdCode: 'G35', description: 'Multiple sclerosis' },
  { icdCode: 'M05.9', description: 'Rheumatoid arthritis' },
  { icdCode: 'K50.9', description: "Crohn's disease" },
  { icdCode: 'G20', description: "Parkinson's disease" },
  { icdCode: 'H40.9', description: 'Glaucoma' },
  { icdCode: 'F32.9', description: 'Major depressive disorder' },
  { icdCode: 'F41.9', description: 'Anxiety disorder' },
  { icdCode: 'R11.0', description: 'Severe nausea' },
  { icdCode: 'M62.838', description: 'Severe muscle spasms' },
] as const;

export type IcdCode = (typeof QUALIFYING_CONDITIONS)[number]['icdCode'];
export const ICD_CODES = QUALIFYING_CONDITIONS.map((c) => c.icdCode) as unknown as readonly [
  IcdCode,
  ...IcdCode[],
];
