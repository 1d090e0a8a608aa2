import type { Config } from '../config.js';
import { DEMO_PASSWORD, demoAccountLines, seedDemoAccounts } from './accounts.js';
import type { DemoApp } from './api.js';
import { seedDemoClinic } from './clinic.js';
import { DEMO_PATIENTS, DEMO_STEP_LABELS } from './people.js';

// Development data (SEED_DEMO): `accounts`, one account per role and three patients with
// nothing started (the end-to-end journeys expect an otherwise empty clinic); `clinic`, the
// accounts and a clinic in motion (`npm run demo`, clinic.ts). Every run adds only what is
// missing, keyed by the accounts' emails, so restarting adds nothing.

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.js';

export type DemoSeed = NonNullable<Config['SEED_DEMO']>;

export const DEMO_REFUSED_IN_PRODUCTION = 'Demo accounts are never created in production';

export async function seedDemo(
  app: DemoApp,
  mode: DemoSeed,
  log: (line: string) => void = console.log,
): Promise<{ accounts: number; patients: number }> {
  if (app.ctx.config.NODE_ENV === 'production') throw new Error(DEMO_REFUSED_IN_PRODUCTION);
  const accounts = await seedDemoAccounts(app.ctx);
  const patients = mode === 'clinic' ? await seedDemoClinic(app) : 0;
  const lines = [
    `Demo accounts (password for all: ${DEMO_PASSWORD}):`,
    ...demoAccountLines(),
    ...(mode === 'clinic'
      ? [
          `and ${DEMO_PATIENTS.length} clinic patients (same password), today's:`,
          ...DEMO_PATIENTS.filter((p) => !p.daysAgo).map(
            (p) => `  ${DEMO_STEP_LABELS[p.step].padEnd(26)} ${p.email}`,
          ),
        ]
      : []),
  ];
  log(`\n${lines.join('\n')}\n`);
  return { accounts, patients };
}
