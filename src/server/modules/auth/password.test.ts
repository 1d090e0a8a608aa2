import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeHashesCheapForTests } from './hash-cost.js';
import { hashPassword, verifyPassword } from './password.js';

// The test runner hashes cheaply (hash-cost.ts, src/server/test/cheap-hashes.ts); users get the
// real cost, and the cheap one cannot be turned on by a production process.

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('password hashes', () => {
  it('are argon2id at 19 MiB and two passes unless the test runner asked for cheap ones', async () => {
    vi.resetModules();
    const fresh = await import('./password.js');
    const stored = await fresh.hashPassword('correct-horse-battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await fresh.verifyPassword(stored, 'correct-horse-battery')).toBe(true);
    expect(await fresh.verifyPassword(stored, 'correct-horse-batterY')).toBe(false);
  });

  it('in the tests are cheap and still check the password', async () => {
    const stored = await hashPassword('correct-horse-battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(stored, 'correct-horse-battery')).toBe(true);
    expect(await verifyPassword(stored, 'wrong-horse-battery')).toBe(false);
  });

  it('cannot be made cheap in production or outside the test runner', () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(() => makeHashesCheapForTests()).toThrow('for the test runner only');
    vi.stubEnv('NODE_ENV', 'test');
    vi.stubEnv('VITEST', undefined);
    expect(() => makeHashesCheapForTests()).toThrow('for the test runner only');
  });
});
