import { QUALIFYING_CONDITIONS } from '../../shared/icd-codes.js';
import type { DemoPatient } from './people.js';

// What the physician and the patient said, as the transcription workflow stores it: a
// transcript, a summary and notes (the text staff search in Search Notes).

const conditionOf = (p: DemoPatient) =>
  QUALIFYING_CONDITIONS.find((c) => c.icdCode === p.condition)!;

/** What each condition keeps the patient from, in their words. */
const COMPLAINT: Record<string, string> = {
  'G89.29': 'the pain in my lower back keeps me up most nights',
  'F43.10': 'the nightmares wake me up and I avoid driving since the accident',
  'G40.9': 'my seizures are less frequent on medication but I still have breakthrough ones',
  'C80.1': 'chemotherapy leaves me nauseous and I have lost my appetite',
  G35: 'the muscle stiffness in my legs is worst in the evening',
  'M05.9': 'my hands and knees swell and ache every morning',
  'K50.9': 'the cramping and flare-ups make it hard to keep food down',
  G20: 'the tremor in my right hand makes it hard to sleep and to write',
  'H40.9': 'my eye pressure is controlled with drops but the headaches remain',
  'F32.9': 'I have had low mood and poor sleep for most of the year',
  'F41.9': 'my anxiety is worst at night and I cannot fall asleep',
  'R11.0': 'the nausea comes every morning and I have lost weight',
  'M62.838': 'the spasms in my neck and shoulders flare up at work',
};

/** Conditions whose patients speak of their sleep (what Search Notes finds for "sleep"). */
const SLEEP_TROUBLE = new Set(['G89.29', 'F43.10', 'G20', 'F32.9', 'F41.9']);

export function demoTranscript(p: DemoPatient, doctorName: string, approved: boolean) {
  const condition = conditionOf(p);
  const complaint = COMPLAINT[p.condition] ?? 'my symptoms get in the way of daily life';
  const sleep = SLEEP_TROUBLE.has(p.condition);
  const rawTranscript = [
    `${doctorName}: Good afternoon, ${p.firstName}. Can you confirm your date of birth for me?`,
    `${p.firstName}: Yes, it is ${p.dateOfBirth}.`,
    `${doctorName}: Thank you. Tell me about your ${condition.description.toLowerCase()}.`,
    `${p.firstName}: Well, ${complaint}.`,
    `${doctorName}: What have you tried so far?`,
    `${p.firstName}: Over-the-counter medication and physical therapy${sleep ? '; I sleep four or five hours a night' : ''}.`,
    approved
      ? `${doctorName}: I am recommending medical marijuana. Start low, go slow, and never drive after a dose.`
      : `${doctorName}: I cannot recommend it today; I would like to see your records from your specialist first.`,
  ].join('\n');
  const summary = approved
    ? `${condition.description} (${condition.icdCode}) documented; conventional treatment tried. Recommendation approved.`
    : `${condition.description} (${condition.icdCode}) reported without supporting records. Not recommended at this visit.`;
  const notes = [
    `Patient describes: "${complaint}."`,
    sleep ? 'Sleep disturbance: four to five hours a night.' : null,
    'Tried over-the-counter analgesics and physical therapy.',
    approved
      ? 'Counselled on a low starting dose, tolerance, and no driving after use.'
      : 'Asked to bring specialist records and to reapply.',
  ]
    .filter(Boolean)
    .join(' ');
  return { rawTranscript, summary, notes };
}

/** The reason a denied patient reads. */
export const DENIAL_REASON =
  'We could not confirm the diagnosis from the records provided. Please bring the notes from ' +
  'your specialist and apply again; your card was not charged.';

/** Why a document was sent back, as the patient reads it. */
export const REJECTION_NOTE =
  'The utility bill is more than 60 days old. Please upload one from the last two months ' +
  'showing your Oklahoma address.';

/** Keyword Manager: the terms the clinic flags in transcripts. */
export const DEMO_KEYWORDS = [
  { term: 'sleep', category: 'Symptom' },
  { term: 'chronic pain', category: 'Condition' },
  { term: 'nausea', category: 'Symptom' },
  { term: 'seizures', category: 'Condition' },
  { term: 'tolerance', category: 'Dosing' },
  { term: 'driving', category: 'Safety' },
];
