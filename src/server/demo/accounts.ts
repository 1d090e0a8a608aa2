import { sql } from 'drizzle-orm';
import { todayIso } from '../../shared/dates.js';
import type { Role } from '../../shared/roles.js';
import { ROLE_LABELS } from '../../shared/roles.js';
import type { AppContext } from '../context.js';
import { patientProfiles, users } from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/password.js';
import { findActiveUserByEmail } from '../modules/users/queries.js';

// One account per role and a few patients with nothing started, so every screen can be tried
// (SEED_DEMO=accounts, what the end-to-end journeys sign in as). Staff cannot register, so
// these rows are inserted; the clinic's patients (clinic.ts) register like anyone else.

export const DEMO_PASSWORD = 'demo-pass-2026';

interface DemoAccount {
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  licenseNumber?: string;
  npi?: string;
  /** OMMA physician registration (SB 1066): a doctor approves only while it is current. */
  ommaRegistrationNumber?: string;
  /** Printed on the recommendation as OMMA reads it (issue 22). */
  officeAddress?: string;
  licensingBoard?: string;
  patient?: { dateOfBirth: string; phone: string; address: string; city: string; zipCode: string };
}

const patient = (
  email: string,
  firstName: string,
  lastName: string,
  profile: DemoAccount['patient'] & object,
): DemoAccount => ({ email, role: 'patient', firstName, lastName, patient: profile });

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'master@demo.test', role: 'master_admin', firstName: 'Morgan', lastName: 'Reyes' },
  { email: 'admin@demo.test', role: 'admin', firstName: 'Alex', lastName: 'Hart' },
  {
    email: 'operations@demo.test',
    role: 'operations_admin',
    firstName: 'Olivia',
    lastName: 'Park',
  },
  { email: 'doctoradmin@demo.test', role: 'doctor_admin', firstName: 'Daniel', lastName: 'Okafor' },
  { email: 'assistant@demo.test', role: 'admin_assistant', firstName: 'Ava', lastName: 'Nguyen' },
  {
    email: 'doctor@demo.test',
    role: 'doctor',
    firstName: 'Grace',
    lastName: 'Whitfield',
    licenseNumber: 'OK-24817',
    npi: '1467523980',
    ommaRegistrationNumber: 'OMMA-PHY-000123',
    officeAddress: '4801 N Classen Blvd, Suite 200, Oklahoma City, OK 73118',
    licensingBoard: 'Oklahoma State Board of Medical Licensure and Supervision',
  },
  patient('patient@demo.test', 'Jamie', 'Collins', {
    dateOfBirth: '1984-03-12',
    phone: '4055550142',
    address: '1200 N Walker Ave',
    city: 'Oklahoma City',
    zipCode: '73103',
  }),
  patient('riley@demo.test', 'Riley', 'Brooks', {
    dateOfBirth: '1979-11-02',
    phone: '9185550177',
    address: '401 S Boston Ave',
    city: 'Tulsa',
    zipCode: '74103',
  }),
  patient('casey@demo.test', 'Casey', 'Morgan', {
    dateOfBirth: '1992-07-21',
    phone: '4055550199',
    address: '225 W Main St',
    city: 'Norman',
    zipCode: '73069',
  }),
];

/** The same calendar day a year after `iso` (28 February for a 29 February). */
export function oneYearAfter(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y + 1, m - 1, d));
  if (next.getUTCMonth() !== m - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

/** Creates the accounts that do not exist yet (matched by email); answers how many it made. */
export async function seedDemoAccounts(ctx: AppContext): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // A registration current for a year from the clinic's today, whenever the demo starts.
  const ommaExpiresOn = oneYearAfter(todayIso(ctx.config.CLINIC_TIMEZONE));
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    const made = await ctx.db.transaction(async (tx) => {
      // Nodes started together seed at once (the cluster test's two): one at a time, each
      // looking for the account under the lock.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('okmmj-demo-accounts'))`);
      if (await findActiveUserByEmail(tx, account.email)) return false;
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          passwordHash,
          firstName: account.firstName,
          lastName: account.lastName,
          role: account.role,
          emailVerified: true,
          licenseNumber: account.licenseNumber ?? null,
          npi: account.npi ?? null,
          ommaRegistrationNumber: account.ommaRegistrationNumber ?? null,
          ommaRegistrationExpiresOn: account.ommaRegistrationNumber ? ommaExpiresOn : null,
          officeAddress: account.officeAddress ?? null,
          licensingBoard: account.licensingBoard ?? null,
        })
        .returning();
      if (account.patient)
        await tx.insert(patientProfiles).values({
          userId: user!.id,
          firstName: account.firstName,
          lastName: account.lastName,
          state: 'OK',
          ...account.patient,
        });
      return true;
    });
    if (made) created++;
  }
  return created;
}

export const demoAccountLines = () =>
  DEMO_ACCOUNTS.map((a) => `  ${ROLE_LABELS[a.role].padEnd(26)} ${a.email}`);
