import type { Permission } from '../../../../shared/roles';

/** The dashboard's tabs in display order; each shows when its permission is held (§6). */
export const DASHBOARD_TABS: readonly Permission[] = [
  'meetings',
  'waiting',
  'post_consultation',
  'transcriptions',
  'documents',
  'users',
  'demo',
  'keywords',
  'analytics',
  'search_notes',
];

/** What each tab will do, shown until its feature ships (ruling 9: these become real). */
export const COMING_TAB_PURPOSE: Partial<Record<Permission, string>> = {
  meetings:
    'Each doctor on duty gets a consultation room for the day, listing its waiting patients with admit, reject and video call actions.',
  waiting:
    'The clinic-wide waiting list: patients who have paid and joined the queue, ready to be admitted or rejected.',
  post_consultation:
    "Completed consultations that still need documents collected, with the patient's contact details and a way to mark documents collected.",
  transcriptions:
    'Consultation transcripts: process them, compile the notes and store them securely.',
  documents:
    'Review patient documents (ID, proof of residency, medical records, photo) and download them; every view is audited.',
  demo: 'A guided walk-through of the video consultation room for training staff.',
  keywords: 'The keywords the transcription tools look for in consultation notes.',
  analytics:
    'Queue, meeting and follow-up figures; revenue figures for roles with financial access.',
  search_notes: 'Full-text search over consultation notes.',
};
