import { describe, expect, it } from 'vitest';
import { countsForApplication, monthsBefore, renewalRuleFor } from './renewal.js';

// The renewal rule (issue 22) on its own: which application is a renewal, and which of the
// patient's documents count for it.

const approvedLastYear = {
  id: 'first',
  status: 'approved',
  createdAt: '2025-11-01T15:00:00.000Z',
  approvedAt: '2025-11-02T16:00:00.000Z',
};
const renewal = { id: 'second', createdAt: '2026-10-20T15:00:00.000Z' };

describe('monthsBefore', () => {
  it('goes back whole calendar months, to the month’s last day when shorter', () => {
    expect(monthsBefore('2026-10-20T15:00:00.000Z', 6)).toBe('2026-04-20T15:00:00.000Z');
    expect(monthsBefore('2026-08-31T08:00:00.000Z', 6)).toBe('2026-02-28T08:00:00.000Z');
    expect(monthsBefore('2026-03-31T08:00:00.000Z', 1)).toBe('2026-02-28T08:00:00.000Z');
  });
});

describe('renewalRuleFor', () => {
  it('is null without an earlier approval', () => {
    expect(renewalRuleFor(renewal, [])).toBeNull();
    const rejected = { ...approvedLastYear, status: 'rejected', approvedAt: null };
    expect(
      renewalRuleFor(renewal, [rejected, { ...renewal, status: 'pending', approvedAt: null }]),
    ).toBeNull();
    // An approval that came after the application does not make it a renewal.
    expect(
      renewalRuleFor(approvedLastYear, [
        approvedLastYear,
        { ...renewal, status: 'approved', approvedAt: '2026-10-21T00:00:00.000Z' },
      ]),
    ).toBeNull();
  });

  it('dates the residency proof after the approval and the photo within 6 months', () => {
    expect(renewalRuleFor(renewal, [approvedLastYear])).toEqual({
      residencySince: '2025-11-02T16:00:00.000Z',
      photoSince: '2026-04-20T15:00:00.000Z',
    });
  });
});

describe('countsForApplication', () => {
  const rule = renewalRuleFor(renewal, [approvedLastYear]);
  const doc = (category: string, uploadedAt: string, applicationId: string | null = 'first') => ({
    category,
    status: 'approved',
    applicationId,
    uploadedAt,
  });

  it('a renewal: the old residency proof and an old photo do not count, the ID carries over', () => {
    expect(
      countsForApplication(doc('proof_of_residency', '2025-10-30T00:00:00Z'), renewal, rule),
    ).toBe(false);
    expect(
      countsForApplication(
        doc('proof_of_residency', '2026-10-21T00:00:00Z', 'second'),
        renewal,
        rule,
      ),
    ).toBe(true);
    expect(countsForApplication(doc('photo', '2026-04-01T00:00:00Z'), renewal, rule)).toBe(false);
    expect(countsForApplication(doc('photo', '2026-05-01T00:00:00Z'), renewal, rule)).toBe(true);
    expect(countsForApplication(doc('government_id', '2025-10-30T00:00:00Z'), renewal, rule)).toBe(
      true,
    );
    expect(
      countsForApplication(
        { ...doc('government_id', '2025-10-30T00:00:00Z'), status: 'rejected' },
        renewal,
        rule,
      ),
    ).toBe(false);
  });

  it('otherwise: documents filed with the application or before there was one', () => {
    expect(countsForApplication(doc('photo', '2026-05-01T00:00:00Z', null), renewal, null)).toBe(
      true,
    );
    expect(
      countsForApplication(doc('photo', '2026-05-01T00:00:00Z', 'second'), renewal, null),
    ).toBe(true);
    expect(countsForApplication(doc('photo', '2026-05-01T00:00:00Z', 'other'), renewal, null)).toBe(
      false,
    );
  });
});
