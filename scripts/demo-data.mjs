// Where the demo clinic lives (`npm run demo`, `npm run dev`): a folder of its own,
// `./data-demo`, unless DATA_DIR says otherwise, so invented patients never land in the
// `./data` that `npm start` keeps for a real clinic (issue 21).
import path from 'node:path';

export const DEMO_DATA_DIR = 'data-demo';

/** The settings a demo server runs with: the demo clinic seeded, into its own data folder. */
export function demoSettings(env, root) {
  return {
    ...env,
    SEED_DEMO: env.SEED_DEMO || 'clinic',
    DATA_DIR: env.DATA_DIR || path.join(root, DEMO_DATA_DIR),
  };
}
