import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEE_SCHEDULE } from '../../../shared/fees.js';
import { feeScheduleChanges } from '../../db/schema/index.js';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';

// The fee schedule's history (issue 12): every save records previous → new, who and when, in
// the same transaction as the schedule and its audit row; only `financial` reads it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const body = (newStandard: { stateFee: string; serviceFee: string }) => ({
  new: { standard: newStandard, reduced: { stateFee: '22.50', serviceFee: '10.00' } },
  renewal: {
    standard: { stateFee: '104.30', serviceFee: '33.00' },
    reduced: { stateFee: '22.50', serviceFee: '10.00' },
  },
});

const historyRows = () => t.app.ctx.db.select().from(feeScheduleChanges);
const publicFees = async () => (await new Client(t.app).get('/api/fees')).json();

describe('fee schedule history', () => {
  it('is refused without the financial permission, and so is a save (nothing written)', async () => {
    const { client } = await signedInAs(t.app, 'operations_admin');
    expect((await client.get('/api/admin/fees/history')).statusCode).toBe(403);
    const put = await client.put('/api/admin/fees', body({ stateFee: '1.00', serviceFee: '1.00' }));
    expect(put.statusCode).toBe(403);
    expect(await historyRows()).toEqual([]);
    expect((await new Client(t.app).get('/api/admin/fees/history')).statusCode).toBe(401);
  });

  it('a bad amount answers 400 naming the field, and writes nothing', async () => {
    const { client, id } = await signedInAs(t.app, 'master_admin');
    const before = await publicFees();
    const bad = body({ stateFee: '110.00', serviceFee: '33.00' });
    bad.renewal.reduced.serviceFee = '-5';
    const res = await client.put('/api/admin/fees', bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'renewal.reduced.serviceFee', message: 'Enter an amount such as 104.00' },
    ]);
    expect(await historyRows()).toEqual([]);
    expect(await publicFees()).toEqual(before);
    expect((await auditRows(t.app, { actorId: id })).map((r) => r.action)).not.toContain(
      'fees.update',
    );
  });

  it('records who changed what, newest first, with the audit row', async () => {
    const { client, id } = await signedInAs(t.app, 'master_admin');
    const first = await client.put(
      '/api/admin/fees',
      body({ stateFee: '110.00', serviceFee: '33.00' }),
    );
    expect(first.statusCode, first.body).toBe(200);
    const second = await client.put(
      '/api/admin/fees',
      body({ stateFee: '110.00', serviceFee: '35.50' }),
    );
    expect(second.statusCode, second.body).toBe(200);

    const res = await client.get('/api/admin/fees/history');
    expect(res.statusCode).toBe(200);
    const { changes } = res.json();
    expect(changes).toHaveLength(2);
    const [latest, earlier] = changes;
    expect(latest.changedBy).toEqual({ id, name: 'Test master_admin' });
    expect(latest.previous.new.standard).toEqual({ stateFeeCents: 11_000, serviceFeeCents: 3_300 });
    expect(latest.schedule.new.standard).toEqual({ stateFeeCents: 11_000, serviceFeeCents: 3_550 });
    expect(earlier.previous).toEqual(DEFAULT_FEE_SCHEDULE);
    expect(earlier.schedule.new.standard).toEqual({
      stateFeeCents: 11_000,
      serviceFeeCents: 3_300,
    });
    expect(Date.parse(latest.changedAt)).toBeGreaterThanOrEqual(Date.parse(earlier.changedAt));

    const audits = (await auditRows(t.app, { actorId: id })).filter(
      (r) => r.action === 'fees.update',
    );
    expect(audits.map((r) => r.details)).toEqual([
      {
        changeId: earlier.id,
        changes: [{ fee: 'new.standard.stateFee', fromCents: 10_430, toCents: 11_000 }],
      },
      {
        changeId: latest.id,
        changes: [{ fee: 'new.standard.serviceFee', fromCents: 3_300, toCents: 3_550 }],
      },
    ]);

    // Saving the schedule in force changes nothing and records nothing.
    const same = await client.put(
      '/api/admin/fees',
      body({ stateFee: '110.00', serviceFee: '35.50' }),
    );
    expect(same.statusCode).toBe(200);
    expect(await historyRows()).toHaveLength(2);
  });

  it('a change of who applies to OMMA is an entry of its own (issue 22)', async () => {
    const { client, id } = await signedInAs(t.app, 'master_admin');
    const current = (await publicFees()) as Record<string, unknown>;
    const figures = { new: current.new, renewal: current.renewal };
    const res = await client.put('/api/admin/fees', {
      ...figures,
      stateApplication: 'patient_submits',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [latest] = (await client.get('/api/admin/fees/history')).json().changes;
    expect(latest.changedBy.id).toBe(id);
    expect(latest.previous.stateApplication).toBe('clinic_submits');
    expect(latest.schedule.stateApplication).toBe('patient_submits');
    // The figures did not move.
    expect(latest.schedule.new).toEqual(latest.previous.new);
    await client.put('/api/admin/fees', { ...figures, stateApplication: 'clinic_submits' });
  });

  it('writes the schedule, its history row and its audit row together or not at all', async () => {
    const { client, id } = await signedInAs(t.app, 'master_admin');
    const before = await publicFees();
    // The history insert fails: the schedule change and the audit row must not survive it.
    await t.app.ctx.db.execute(sql`
      create function refuse_fee_history() returns trigger language plpgsql as
        $$ begin raise exception 'history refused'; end $$`);
    await t.app.ctx.db.execute(sql`
      create trigger refuse_fee_history before insert on fee_schedule_changes
        for each row execute function refuse_fee_history()`);
    try {
      const res = await client.put(
        '/api/admin/fees',
        body({ stateFee: '1.00', serviceFee: '1.00' }),
      );
      expect(res.statusCode).toBe(500);
    } finally {
      await t.app.ctx.db.execute(sql`drop trigger refuse_fee_history on fee_schedule_changes`);
      await t.app.ctx.db.execute(sql`drop function refuse_fee_history()`);
    }
    expect(await publicFees()).toEqual(before);
    expect((await auditRows(t.app, { actorId: id })).map((r) => r.action)).not.toContain(
      'fees.update',
    );
  });
});
