import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DevMailList } from '../../../shared/schemas/dev-mail.js';
import { type AppContext, isProduction } from '../../context.js';

const SHOWN = 50;

/**
 * The development outbox (issue 13): outside production without SMTP_URL, messages are files
 * under DATA_DIR/outbox and /dev/mail lists them, newest first. Not registered in production.
 */
export async function devMailRoutes(app: FastifyInstance, ctx: AppContext) {
  if (isProduction(ctx.config)) return;
  app.get('/api/dev/mail', async (): Promise<DevMailList> => {
    const dir = ctx.mail.transport.outboxDir;
    if (!dir) return { outbox: false, messages: [] };
    let names: string[] = [];
    try {
      names = readdirSync(dir).filter((n) => n.endsWith('.json'));
    } catch {
      // No message yet: the folder is made by the first one.
    }
    const messages = names
      .sort()
      .reverse()
      .slice(0, SHOWN)
      .map((name) => {
        const m = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
        return {
          id: name.replace(/\.json$/, ''),
          at: m.at,
          to: m.to,
          subject: m.subject,
          text: m.text,
        };
      });
    return { outbox: true, messages };
  });
}
