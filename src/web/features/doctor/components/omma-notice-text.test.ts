import { describe, expect, it } from 'vitest';
import { ommaNoticeText } from './omma-notice-text';

// The doctor's console speaks about the OMMA registration from 30 days before it lapses.

const registration = (ommaRegistrationExpiresOn: string | null, number = 'PHY-OK-4471') => ({
  ommaRegistrationNumber: number,
  ommaRegistrationExpiresOn,
});
const TODAY = '2026-11-24';

describe('the OMMA registration notice', () => {
  it('says nothing while more than 30 days remain', () => {
    expect(ommaNoticeText(registration('2026-12-25'), TODAY)).toBeNull();
  });

  it('warns with the date and the days left from 30 days before', () => {
    expect(ommaNoticeText(registration('2026-12-24'), TODAY)).toMatchObject({
      tone: 'warning',
      title: 'Your OMMA physician registration expires on December 24, 2026 (30 days).',
      body: expect.stringMatching(/^Renew it with OMMA/),
    });
    expect(ommaNoticeText(registration('2026-11-25'), TODAY)?.title).toContain('(1 day)');
    expect(ommaNoticeText(registration(TODAY), TODAY)?.title).toContain('(today)');
  });

  it('says approvals are blocked once expired or when none is recorded', () => {
    expect(ommaNoticeText(registration('2026-11-23'), TODAY)).toMatchObject({
      tone: 'danger',
      title: 'Your OMMA physician registration expired on November 23, 2026.',
      body: expect.stringMatching(/^You cannot approve recommendations until/),
    });
    expect(ommaNoticeText(registration(null, ''), TODAY)).toMatchObject({
      tone: 'danger',
      body: expect.stringContaining('cannot approve recommendations until a master admin records'),
    });
  });
});
