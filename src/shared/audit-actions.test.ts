import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_WORDS,
  AUDIT_ACTIONS,
  auditActionWords,
  formatAuditTime,
} from './audit-actions.js';

// The audit page's words (issue 13); that the server writes no action without words is
// checked beside the server's code (server/modules/audit/action-words.test.ts).

describe('audit action words', () => {
  it('says each in a sentence, none twice', () => {
    for (const action of AUDIT_ACTIONS) expect(AUDIT_ACTION_WORDS[action]).toMatch(/^[A-Z].+/);
    const words = Object.values(AUDIT_ACTION_WORDS);
    expect(new Set(words).size).toBe(words.length);
  });

  it('shows an action unknown to this build as written', () => {
    expect(auditActionWords('patient_record.read')).toBe("Opened a patient's record");
    expect(auditActionWords('future.thing')).toBe('future.thing');
  });
});

describe('formatAuditTime', () => {
  it("shows an instant on the clinic's clock, with the zone", () => {
    expect(formatAuditTime('2024-03-10T05:30:00.000Z', 'America/Chicago')).toBe(
      '2024-03-09 23:30:00 CST',
    );
    expect(formatAuditTime('2024-07-01T17:05:09.000Z', 'America/Chicago')).toBe(
      '2024-07-01 12:05:09 CDT',
    );
  });
});
