import { makeHashesCheapForTests } from '../modules/auth/hash-cost.js';

// Vitest's setupFiles (vitest.config.ts): every test file hashes passwords at a low argon2
// cost (hash-cost.ts says why and what keeps it out of production); password.test.ts checks
// the real cost on a fresh copy of the module.
makeHashesCheapForTests();
