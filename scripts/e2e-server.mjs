#!/usr/bin/env node
// The server the end-to-end journeys run against: the built app with the demo accounts only
// (SEED_DEMO=accounts: the journeys expect an otherwise empty clinic), on a
// fresh embedded database unless DATABASE_URL names one.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMailbox } from './mailbox.mjs';

const dataDir = mkdtempSync(path.join(tmpdir(), 'okmmj-e2e-'));
const smtpUrl = await startMailbox(process.env.E2E_MAIL_DIR ?? path.join(dataDir, 'mailbox'));
const child = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    SEED_DEMO: 'accounts',
    // Staff sign in with a password alone here; e2e/staff-mfa.spec.ts runs its own server
    // with the second factor required, as production does.
    STAFF_MFA: 'off',
    LOG_LEVEL: 'warn',
    // The journeys' API requests say which address each test patient comes from (support.ts
    // fromOwnAddress), as a proxy in front of the clinic would.
    TRUST_PROXY: '127.0.0.1',
    // Every message goes over SMTP to the mailbox below, where the journeys read it.
    SMTP_URL: smtpUrl,
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
