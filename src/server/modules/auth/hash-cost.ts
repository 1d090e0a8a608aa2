// The argon2id cost of new password hashes: the library's defaults (19 MiB, t=2, about 13 ms a
// hash on this machine) for everyone, except in the API tests. They register and sign in
// thousands of accounts, which at the real cost (30+ ms a hash or a check on a loaded CI
// runner) spends minutes of the CI budget, so src/server/test/cheap-hashes.ts (vitest's
// setupFiles) turns on a low cost. That is no setting: nothing in the config or the
// environment reaches it, it refuses outside Vitest and under NODE_ENV=production, and a
// stored hash carries its own cost, so a check always costs what the hash was made with.
// (A module of its own, without imports, so the browser code's tests load nothing for it.)

const CHEAP_TEST_COST = { memoryCost: 1024, timeCost: 1 } as const;

let cheapForTests = false;

/** The options for argon2's hash: none (the defaults) unless the test runner asked. */
export const argon2Cost = (): { memoryCost?: number; timeCost?: number } =>
  cheapForTests ? CHEAP_TEST_COST : {};

export function makeHashesCheapForTests(): void {
  if (!process.env.VITEST || process.env.NODE_ENV === 'production')
    throw new Error('cheap password hashes are for the test runner only');
  cheapForTests = true;
}
