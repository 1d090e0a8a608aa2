import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { audit } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The database's own words, whichever driver wrapped them. */
async function failure(query: Promise<unknown>): Promise<string> {
  try {
    await query;
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return `${e.message} ${e.cause?.message ?? ''}`;
  }
  throw new Error('the statement succeeded');
}

async function rowsFor(action: string) {
  return t.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, action));
}

describe('audit()', () => {
  it('writes one row with the actor, target, ip and outcome', async () => {
    const actorId = crypto.randomUUID();
    await audit(t.app.ctx.db, {
      actor: { id: actorId, role: 'master_admin' },
      action: 'test.write',
      targetType: 'user',
      targetId: 'u-1',
      ip: '10.9.8.7',
      details: { role: 'doctor' },
    });
    const [row] = await rowsFor('test.write');
    expect(row).toMatchObject({
      actorId,
      actorRole: 'master_admin',
      targetType: 'user',
      targetId: 'u-1',
      ip: '10.9.8.7',
      outcome: 'success',
      details: { role: 'doctor' },
    });
    expect(row!.at).toBeInstanceOf(Date);
  });

  it('leaves no row when the transaction it belongs to fails', async () => {
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await audit(tx, { action: 'test.rolled_back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsFor('test.rolled_back')).toEqual([]);
  });
});

describe('audit_log is append-only', () => {
  beforeAll(async () => {
    await audit(t.app.ctx.db, { action: 'test.keep', outcome: 'failure', ip: '10.0.0.1' });
  });

  it('refuses UPDATE', async () => {
    const message = await failure(
      t.app.ctx.db
        .update(auditLog)
        .set({ outcome: 'success' })
        .where(eq(auditLog.action, 'test.keep')),
    );
    expect(message).toContain('audit_log is append-only');
    expect((await rowsFor('test.keep'))[0]!.outcome).toBe('failure');
  });

  it('refuses DELETE', async () => {
    const message = await failure(
      t.app.ctx.db.delete(auditLog).where(eq(auditLog.action, 'test.keep')),
    );
    expect(message).toContain('audit_log is append-only');
    expect(await rowsFor('test.keep')).toHaveLength(1);
  });

  it('refuses TRUNCATE', async () => {
    const message = await failure(t.app.ctx.db.execute(sql`truncate audit_log`));
    expect(message).toContain('audit_log is append-only');
    expect(await rowsFor('test.keep')).toHaveLength(1);
  });
});
