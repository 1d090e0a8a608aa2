import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server for the tests (issue 13): messages arrive over SMTP from nodemailer and are
// parsed with mailparser, as a mail program would read them. It can be stopped and started
// again on the same port to test delivery after an outage.

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text part, in order. */
  links: string[];
  parsed: ParsedMail;
}

export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  private waiters: (() => void)[] = [];
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(port = this.port): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      // Plain SMTP on loopback: no STARTTLS offer, so nodemailer does not try a test certificate.
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            const text = parsed.text ?? '';
            this.received.push({
              to: addressOf(parsed),
              subject: parsed.subject ?? '',
              text,
              html: typeof parsed.html === 'string' ? parsed.html : '',
              links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]),
              parsed,
            });
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    // A client that dies mid-message (a server killed by the fault suite) resets its
    // connection: a lost message, not a failure of the mail server.
    server.removeAllListeners('error');
    server.on('error', () => {});
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Messages to one address, oldest first. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.to === address.toLowerCase());
  }

  /** Waits for a message matching `match` (default: any new one to `address`). */
  async waitFor(
    address: string,
    match: (m: ReceivedMail) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.to(address).find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no message to ${address} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }
}

function addressOf(parsed: ParsedMail): string {
  const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
  return (to?.value[0]?.address ?? '').toLowerCase();
}

/** The link in a message that goes to `path` (e.g. /reset-password), as a URL. */
export function linkTo(mail: ReceivedMail, path: string): URL {
  const link = mail.links.find((l) => new URL(l).pathname === path);
  if (!link) throw new Error(`no ${path} link in "${mail.subject}": ${mail.links.join(', ')}`);
  return new URL(link);
}
