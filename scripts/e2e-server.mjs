#!/usr/bin/env node
// The server the end-to-end journeys run against: the built app with the demo accounts only
// (SEED_DEMO=accounts: the journeys expect an otherwise empty clinic), on a
// fresh embedded database unless DATABASE_URL names one.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const dataDir = mkdtempSync(path.join(tmpdir(), 'okmmj-e2e-'));
const smtpUrl = await startMailbox(process.env.E2E_MAIL_DIR);
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

/**
 * A real SMTP server in this process (issue 13): each message the app sends is parsed
 * (mailparser) and written as JSON ({ to, subject, text, html, links }) into `dir`, which the
 * journeys poll (e2e/support.ts receivedMail). Plain SMTP on loopback, so it also runs in the
 * video journeys' loopback-only namespace.
 */
async function startMailbox(dir = path.join(dataDir, 'mailbox')) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          const text = mail.text ?? '';
          const message = {
            to: (to?.value[0]?.address ?? '').toLowerCase(),
            subject: mail.subject ?? '',
            text,
            html: typeof mail.html === 'string' ? mail.html : '',
            links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]),
            receivedAt: new Date().toISOString(),
          };
          received += 1;
          const name = `${String(received).padStart(5, '0')}.json`;
          writeFileSync(path.join(dir, name), JSON.stringify(message, null, 2));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  process.on('exit', () => server.close());
  return `smtp://127.0.0.1:${server.server.address().port}`;
}
