import { type Config, linkBase } from './config.js';
import type { Executor } from './db/client.js';
import { adminExists } from './modules/users/service.js';

// The first master admin (issue 21, items 2 and 16). In production `/api/admin/setup` asks for
// ADMIN_SETUP_TOKEN: without it whoever reached a fresh install first would own the clinic, so
// the server refuses to start while no master admin exists and the token is unset. Once one
// exists setup is closed for good (409) and the token is not needed.

/** Whether setup asks for ADMIN_SETUP_TOKEN: in production, always (ruling 18, amended). */
export const setupNeedsToken = (config: Config): boolean => config.NODE_ENV === 'production';

export const SETUP_TOKEN_MISSING =
  'ADMIN_SETUP_TOKEN: is required in production while no master admin exists (whoever opened /admin/setup first would become the master admin). Set it to 16+ random characters (openssl rand -hex 24); once the first admin is created it is no longer needed';

/** The line that stops a start: production, no master admin, no token. Null when it may start. */
export async function firstAdminRefusal(config: Config, db: Executor): Promise<string | null> {
  if (!setupNeedsToken(config) || config.ADMIN_SETUP_TOKEN) return null;
  return (await adminExists(db)) ? null : SETUP_TOKEN_MISSING;
}

/** Where to start on a fresh install, for the log; never the token's value. Null once set up. */
export async function setupInvitation(config: Config, db: Executor): Promise<string | null> {
  if (await adminExists(db)) return null;
  const where = `${linkBase(config)}/admin/setup`;
  return setupNeedsToken(config)
    ? `no master admin yet: create the first one at ${where} with the setup token (ADMIN_SETUP_TOKEN)`
    : `no master admin yet: create the first one at ${where}`;
}
