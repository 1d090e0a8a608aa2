import type { IcdCode } from '../../shared/icd-codes.js';

// The demo clinic's patients (fictional people at real Oklahoma street addresses of public
// buildings; 555-01xx numbers are reserved for fiction). Each stands at one step of the
// journey; `daysAgo` puts a finished visit in the past weeks, so the reports have a shape.

export type DemoStep =
  | 'registered'
  | 'drafting'
  | 'documents_pending'
  | 'document_rejected'
  | 'waiting'
  | 'in_consultation'
  | 'approved'
  | 'collecting'
  | 'documents_collected'
  | 'denied';

/** How the start-up message names each step. */
export const DEMO_STEP_LABELS: Record<DemoStep, string> = {
  registered: 'registered only',
  drafting: 'application in progress',
  documents_pending: 'documents to review',
  document_rejected: 'a document sent back',
  waiting: 'paid, waiting in line',
  in_consultation: 'in a video call',
  approved: 'approved',
  collecting: 'documents being collected',
  documents_collected: 'documents collected',
  denied: 'not approved',
};

export interface DemoPatient {
  email: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phone: string;
  address: string;
  city: string;
  zipCode: string;
  condition: IcdCode;
  step: DemoStep;
  /** Days before today the visit happened (finished steps only; 0 or unset: today). */
  daysAgo?: number;
  caregiver?: { firstName: string; lastName: string; phone: string; relationship: string };
  /** Days before today the documents were collected (documents_collected; 0: today). */
  collectedDaysAgo?: number;
  /** The transcription is stored for this visit (the others stay pending transcription). */
  transcribed?: boolean;
}

type Row = [
  first: string,
  last: string,
  dob: string,
  phone: string,
  address: string,
  city: string,
  zip: string,
  condition: IcdCode,
  step: DemoStep,
  daysAgo?: number,
];

const person = ([first, last, dob, phone, address, city, zip, condition, step, daysAgo]: Row) => ({
  email: `${first}.${last}@demo.test`.toLowerCase(),
  firstName: first,
  lastName: last,
  dateOfBirth: dob,
  phone,
  address,
  city,
  zipCode: zip,
  condition,
  step,
  daysAgo,
  transcribed: step !== 'in_consultation' && daysAgo !== undefined,
});

/** Today's clinic, one patient per step (two waiting, so the line has an order). */
const TODAY: DemoPatient[] = [
  person([
    'Wyatt',
    'Harjo',
    '1990-05-14',
    '918-555-0101',
    '1602 S Harvard Ave',
    'Tulsa',
    '74112',
    'G89.29',
    'registered',
  ]),
  person([
    'Savannah',
    'Tiger',
    '1987-09-30',
    '405-555-0102',
    '730 Asp Ave',
    'Norman',
    '73069',
    'F41.9',
    'drafting',
  ]),
  person([
    'Colton',
    'Pratt',
    '1976-02-08',
    '405-555-0103',
    '15 N Broadway',
    'Edmond',
    '73034',
    'M05.9',
    'documents_pending',
  ]),
  person([
    'Brooke',
    'Delaney',
    '1995-12-19',
    '580-555-0104',
    '601 SW D Ave',
    'Lawton',
    '73501',
    'F43.10',
    'document_rejected',
  ]),
  {
    ...person([
      'Travis',
      'Lockhart',
      '1968-07-03',
      '405-555-0105',
      '302 S Main St',
      'Stillwater',
      '74074',
      'G35',
      'waiting',
    ]),
    caregiver: {
      firstName: 'Dana',
      lastName: 'Lockhart',
      phone: '405-555-0125',
      relationship: 'Spouse',
    },
  },
  person([
    'Kaylee',
    'Chisholm',
    '1999-03-27',
    '918-555-0106',
    '112 S Main St',
    'Broken Arrow',
    '74012',
    'R11.0',
    'waiting',
  ]),
  person([
    'Dustin',
    'Whitehorse',
    '1982-10-11',
    '405-555-0107',
    '201 N Broadway St',
    'Moore',
    '73160',
    'G89.29',
    'in_consultation',
  ]),
  {
    ...person([
      'Haley',
      'Rowland',
      '1991-06-22',
      '580-555-0108',
      '401 W Owen K Garriott Rd',
      'Enid',
      '73701',
      'F32.9',
      'approved',
    ]),
    transcribed: false,
  },
  person([
    'Marisol',
    'Vega',
    '1985-01-17',
    '405-555-0109',
    '2300 SW 29th St',
    'Oklahoma City',
    '73109',
    'K50.9',
    'denied',
    0,
  ]),
];

/** When staff finished collecting each approved patient's documents (one today). */
const COLLECTED_DAYS_AGO: Record<string, number> = {
  Postoak: 0,
  Hayes: 4,
  Gibson: 9,
  Ortiz: 13,
  Brandt: 18,
};

/** The past weeks: finished visits, most approved, spread over four weeks. */
const PAST: DemoPatient[] = (
  [
    [
      'Cody',
      'Bennett',
      '1979-04-02',
      '405-555-0110',
      '14 E 9th St',
      'Shawnee',
      '74801',
      'M62.838',
      'collecting',
      1,
    ],
    [
      'Ethan',
      'Postoak',
      '1972-08-25',
      '918-555-0111',
      '300 W Broadway St',
      'Muskogee',
      '74401',
      'G89.29',
      'documents_collected',
      3,
    ],
    [
      'Rhonda',
      'Kessler',
      '1964-11-30',
      '918-555-0112',
      '401 S Johnstone Ave',
      'Bartlesville',
      '74003',
      'C80.1',
      'approved',
      5,
    ],
    [
      'Darnell',
      'Hayes',
      '1988-02-14',
      '405-555-0113',
      '100 N Midwest Blvd',
      'Midwest City',
      '73110',
      'F43.10',
      'documents_collected',
      8,
    ],
    [
      'Jolene',
      'Crowe',
      '1993-09-09',
      '580-555-0114',
      '23 S Washington St',
      'Ardmore',
      '73401',
      'F41.9',
      'denied',
      10,
    ],
    [
      'Lane',
      'Gibson',
      '1981-12-01',
      '580-555-0115',
      '516 E Grand Ave',
      'Ponca City',
      '74601',
      'G40.9',
      'documents_collected',
      12,
    ],
    [
      'Tammy',
      'Redcorn',
      '1970-03-15',
      '918-555-0116',
      '104 S Muskogee Ave',
      'Claremore',
      '74017',
      'M05.9',
      'approved',
      15,
    ],
    [
      'Gabe',
      'Ortiz',
      '1997-07-07',
      '580-555-0117',
      '120 W Main St',
      'Durant',
      '74701',
      'R11.0',
      'documents_collected',
      17,
    ],
    [
      'Priya',
      'Raman',
      '1986-05-20',
      '405-555-0118',
      '3300 E Memorial Rd',
      'Edmond',
      '73013',
      'H40.9',
      'approved',
      20,
    ],
    [
      'Luke',
      'Brandt',
      '1975-10-28',
      '918-555-0119',
      '111 N Main St',
      'Owasso',
      '74055',
      'G20',
      'documents_collected',
      22,
    ],
    [
      'Nora',
      'Fields',
      '1983-08-12',
      '405-555-0120',
      '101 N 2nd St',
      'Guthrie',
      '73044',
      'G89.29',
      'approved',
      26,
    ],
  ] satisfies Row[]
)
  .map(person)
  .map((p) => ({ ...p, collectedDaysAgo: COLLECTED_DAYS_AGO[p.lastName] }));

export const DEMO_PATIENTS: DemoPatient[] = [...TODAY, ...PAST];
