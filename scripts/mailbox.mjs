// The journeys' mailbox: used by scripts/e2e-server.mjs, and inside the cluster lab by
// e2e/cluster/mail-sink.mjs.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in this process (issue 13): each message the app sends is parsed
 * (mailparser) and written as JSON ({ to, subject, text, html, links }) into `dir`, which the
 * journeys poll (e2e/support.ts receivedMail). Plain SMTP on loopback, so it also runs in the
 * video journeys' loopback-only namespace. Answers its smtp:// URL; it closes when the process
 * exits.
 */
export async function startMailbox(dir, port = 0) {
  const mailbox = await openMailbox(dir, port);
  process.on('exit', () => mailbox.close());
  return mailbox.url;
}

/**
 * The same mailbox for a caller that outlives it (e2e/own-server.ts's production servers, one
 * per journey in a Playwright worker): answers { url, close }.
 */
export async function openMailbox(dir, port = 0) {
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
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
