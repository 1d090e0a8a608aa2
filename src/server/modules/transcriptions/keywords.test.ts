import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keywords } from '../../db/schema/index.js';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInAs(t.app, 'operations_admin'); // holds `keywords`
});
afterAll(() => t.close());

const table = () => t.app.ctx.db.select().from(keywords).orderBy(asc(keywords.term));
const DUPLICATE = { message: 'That keyword is already in the list', code: 'CONFLICT' };

describe('Keyword Manager', () => {
  it('adds, lists, renames and deletes terms, each write audited', async () => {
    const created = await staff.client.post('/api/admin/keywords', {
      term: '  sleep   apnea ',
      category: 'symptom',
    });
    expect(created.statusCode, created.body).toBe(201);
    const apnea = created.json();
    expect(apnea).toEqual({
      id: expect.any(String),
      term: 'sleep apnea',
      category: 'symptom',
      createdAt: expect.any(String),
    });
    const second = await staff.client.post('/api/admin/keywords', {
      term: 'Appetite',
      category: '',
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().category).toBeNull();

    const list = await staff.client.get('/api/admin/keywords');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((k: { term: string }) => k.term)).toEqual(['Appetite', 'sleep apnea']);

    const renamed = await staff.client.put(`/api/admin/keywords/${apnea.id}`, {
      term: 'Sleep Apnea',
      category: null,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ ...apnea, term: 'Sleep Apnea', category: null });

    const removed = await staff.client.delete(`/api/admin/keywords/${second.json().id}`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await table()).map((k) => k.term)).toEqual(['Sleep Apnea']);

    const actions = (await auditRows(t.app, { actorId: staff.id })).map((r) => [
      r.action,
      r.targetId,
    ]);
    expect(actions.filter(([a]) => a!.startsWith('keyword.'))).toEqual([
      ['keyword.create', apnea.id],
      ['keyword.create', second.json().id],
      ['keyword.update', apnea.id],
      ['keyword.delete', second.json().id],
    ]);
  });

  it('refuses duplicates in any case, bad lengths and unknown ids, and changes nothing', async () => {
    const base = await staff.client.post('/api/admin/keywords', { term: 'Insomnia' });
    expect(base.statusCode).toBe(201);
    const other = await staff.client.post('/api/admin/keywords', { term: 'fatigue' });
    const before = await table();

    const dup = await staff.client.post('/api/admin/keywords', { term: 'INSOMNIA' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual(DUPLICATE);
    const clash = await staff.client.put(`/api/admin/keywords/${other.json().id}`, {
      term: 'insomnia',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual(DUPLICATE);

    const invalid: [unknown, string][] = [
      [{ term: 'a' }, 'Keyword must be at least 2 characters'],
      [{ term: '  b  ' }, 'Keyword must be at least 2 characters'],
      [{ term: 'x'.repeat(61) }, 'Keyword must be at most 60 characters'],
      [{}, 'Keyword is required'],
      [{ term: 'ok term', category: 'c'.repeat(41) }, 'Category must be at most 40 characters'],
    ];
    for (const [payload, message] of invalid) {
      const res = await staff.client.post('/api/admin/keywords', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      (await staff.client.post('/api/admin/keywords', { term: 'x'.repeat(60) })).statusCode,
    ).toBe(201);

    const ghost = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await staff.client.put(`/api/admin/keywords/${ghost}`, { term: 'ghost' }),
      await staff.client.delete(`/api/admin/keywords/${ghost}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Keyword not found', code: 'NOT_FOUND' });
    }
    const after = await table();
    expect(after.filter((k) => k.term !== 'x'.repeat(60))).toEqual(before);
  });

  it('is closed to staff without the keywords permission', async () => {
    const assistant = await signedInAs(t.app, 'admin_assistant');
    const res = await assistant.client.post('/api/admin/keywords', { term: 'anything' });
    expect(res.statusCode).toBe(403);
    expect((await table()).map((k) => k.term)).not.toContain('anything');
  });
});
