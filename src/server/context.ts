import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { SessionStore } from './modules/auth/session-store.js';
import type { LoginThrottle } from './modules/auth/throttle.js';

/** What route modules receive: the configuration and the app's long-lived parts. */
export interface AppContext {
  config: Config;
  db: Db;
  sessions: SessionStore;
  loginThrottle: LoginThrottle;
}

export const isProduction = (config: Config) => config.NODE_ENV === 'production';
