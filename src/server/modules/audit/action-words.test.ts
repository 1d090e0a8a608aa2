import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAuditAction } from '../../../shared/audit-actions.js';

// Every action the server writes has words on the audit page: the server's code is read for
// `action:` values, so a new action without words fails here, not on a master admin's screen.

const SERVER = path.resolve(import.meta.dirname, '../..');

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : serverSources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The values templates stand for (the types of `kind`, `failure.status` and `refused`). */
const TEMPLATE_EXPANSIONS: Record<string, string[]> = {
  'payment.${kind}': ['payment.voided', 'payment.refunded'],
  'payment.${args.kind}': ['payment.voided', 'payment.refunded'],
  'payment.${failure.status}': ['payment.declined', 'payment.error'],
  'payment.${refused}_refused': ['payment.capture_refused', 'payment.refund_refused'],
  'state_application.${action}': [
    'state_application.checklist',
    'state_application.submitted',
    'state_application.decision',
    'state_application.card_mailed',
  ],
};

function writtenActions(): { literal: Set<string>; templates: Set<string> } {
  const literal = new Set<string>();
  const templates = new Set<string>();
  for (const file of serverSources(SERVER)) {
    const text = readFileSync(file, 'utf8');
    // `action: 'x.y'`, `action: a ? 'x.y' : 'x.z'` and `action: \`x.${y}\``, on one line.
    for (const match of text.matchAll(/\baction: ([^\n]+)/g)) {
      const value = match[1]!;
      for (const quoted of value.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) literal.add(quoted[1]!);
      for (const template of value.matchAll(/`([a-z_]+\.[^`]*)`/g)) templates.add(template[1]!);
    }
  }
  return { literal, templates };
}

describe('audit action words', () => {
  const { literal, templates } = writtenActions();

  it('finds the actions the server writes', () => {
    expect(literal.size).toBeGreaterThan(40);
    expect(literal).toContain('patient_record.read');
  });

  it('has words for every literal action the server writes', () => {
    const missing = [...literal].filter((a) => !isAuditAction(a));
    expect(missing).toEqual([]);
  });

  it('knows what each action template stands for, and has words for each', () => {
    const unknown = [...templates].filter((t) => !(t in TEMPLATE_EXPANSIONS));
    expect(unknown).toEqual([]);
    const missing = [...templates]
      .flatMap((t) => TEMPLATE_EXPANSIONS[t] ?? [])
      .filter((a) => !isAuditAction(a));
    expect(missing).toEqual([]);
  });
});
