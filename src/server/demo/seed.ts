import { todayIso } from '../../shared/dates.js';
import type { Role } from '../../shared/roles.js';
import { ROLE_LABELS } from '../../shared/roles.js';
import type { AppContext } from '../context.js';
import { patientProfiles, users } from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/password.js';
import { findActiveUserByEmail } from '../modules/users/queries.js';

// `npm run demo`: one account per role and a few patients, so every screen can be tried.
// Development only; the accounts share one password printed at start.

export const DEMO_PASSWORD = 'demo-pass-2026';

interface DemoAccount {
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  licenseNumber?: string;
  npi?: string;
  ommaRegistrationNumber?: string;
  ommaRegistrationExpiresOn?: string;
  patient?: { dateOfBirth: string; phone: string; address: string; city: string; zipCode: string };
}

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
    // Registered with OMMA for a year from today, so the demo doctor may approve (issue 12).
    ommaRegistrationNumber: 'PHY-OK-24817',
    ommaRegistrationExpiresOn:
      `${Number(todayIso().slice(0, 4)) + 1}${todayIso().slice(4)}`.replace('-02-29', '-02-28'),
  },
  ...[
    [
      'patient@demo.test',
      'Jamie',
      'Collins',
      '1984-03-12',
      '4055550142',
      '1200 N Walker Ave',
      'Oklahoma City',
      '73103',
    ],
    [
      'riley@demo.test',
      'Riley',
      'Brooks',
      '1979-11-02',
      '9185550177',
      '401 S Boston Ave',
      'Tulsa',
      '74103',
    ],
    [
      'casey@demo.test',
      'Casey',
      'Morgan',
      '1992-07-21',
      '4055550199',
      '225 W Main St',
      'Norman',
      '73069',
    ],
  ].map(([email, firstName, lastName, dateOfBirth, phone, address, city, zipCode]) => ({
    email: email!,
    role: 'patient' as const,
    firstName: firstName!,
    lastName: lastName!,
    patient: {
      dateOfBirth: dateOfBirth!,
      phone: phone!,
      address: address!,
      city: city!,
      zipCode: zipCode!,
    },
  })),
];

export async function seedDemo(ctx: AppContext): Promise<void> {
  if (ctx.config.NODE_ENV === 'production')
    throw new Error('Demo accounts are never created in production');
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) {
    if (await findActiveUserByEmail(ctx.db, account.email)) continue;
    await ctx.db.transaction(async (tx) => {
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
          ommaRegistrationExpiresOn: account.ommaRegistrationExpiresOn ?? null,
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
    });
  }
  const rows = DEMO_ACCOUNTS.map((a) => `  ${ROLE_LABELS[a.role].padEnd(26)} ${a.email}`);
  console.log(`\nDemo accounts (password for all: ${DEMO_PASSWORD}):\n${rows.join('\n')}\n`);
}
