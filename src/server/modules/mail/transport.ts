import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { CLINIC_NAME } from '../../../shared/brand.js';
import { type Config, linkBase } from '../../config.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../storage/private-dir.js';
import type { RenderedMail } from './render.js';

// Where messages go: the SMTP server of SMTP_URL (nodemailer), or, outside production without
// one, an outbox folder under DATA_DIR that the development page /dev/mail lists, so a fresh
// checkout still shows a working password reset.

export interface Envelope extends RenderedMail {
  to: string;
}

export interface MailTransport {
  send(envelope: Envelope): Promise<void>;
  close(): void;
  /** Outbox folder when messages are kept on disk (development), else null. */
  readonly outboxDir: string | null;
}

/** MAIL_FROM, else the clinic's name at no-reply@ the public host. */
export function fromAddress(config: Config): string {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  return `"${CLINIC_NAME}" <no-reply@${new URL(linkBase(config)).hostname}>`;
}

export function createTransport(config: Config): MailTransport {
  const from = fromAddress(config);
  if (config.SMTP_URL) {
    const smtp = nodemailer.createTransport(config.SMTP_URL, {
      // A mail server that stalls must not hold a worker for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as object);
    return {
      outboxDir: null,
      async send(envelope) {
        await smtp.sendMail({ from, ...envelope });
      },
      close: () => smtp.close(),
    };
  }
  if (config.NODE_ENV === 'production') throw new Error('SMTP_URL is required in production');
  const outboxDir = path.resolve(config.DATA_DIR, 'outbox');
  return {
    outboxDir,
    async send(envelope) {
      mkdirSync(outboxDir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const at = new Date().toISOString();
      const name = `${at.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      writeFileSync(path.join(outboxDir, name), JSON.stringify({ at, from, ...envelope }), {
        mode: PRIVATE_FILE_MODE,
      });
    },
    close: () => {},
  };
}
