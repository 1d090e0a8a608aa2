import { describe, expect, it } from 'vitest';
import { ageOn, isIsoDate, todayIso } from './dates.js';

describe('isIsoDate', () => {
  it.each(['2024-02-29', '2000-02-29', '1999-12-31', '2023-01-01'])('accepts %s', (d) => {
    expect(isIsoDate(d)).toBe(true);
  });

  it.each([
    '2023-02-29', // not a leap year
    '1900-02-29', // century, not a leap year
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-1-01',
    '24-01-01',
    '2024-01-01T00:00:00Z',
    '01/02/2024',
    '',
  ])('refuses %s', (d) => {
    expect(isIsoDate(d)).toBe(false);
  });
});

describe('ageOn', () => {
  it('counts a year only once the birthday has come', () => {
    expect(ageOn('2000-06-15', '2018-06-14')).toBe(17);
    expect(ageOn('2000-06-15', '2018-06-15')).toBe(18);
    expect(ageOn('2000-06-15', '2018-06-16')).toBe(18);
    expect(ageOn('2000-12-31', '2018-12-30')).toBe(17);
    expect(ageOn('2000-12-31', '2018-12-31')).toBe(18);
    expect(ageOn('2000-01-01', '2017-12-31')).toBe(17);
    expect(ageOn('2024-05-01', '2024-05-01')).toBe(0);
  });

  it('lets a leap-day baby come of age on 1 March in common years', () => {
    expect(ageOn('2004-02-29', '2022-02-28')).toBe(17);
    expect(ageOn('2004-02-29', '2022-03-01')).toBe(18);
    expect(ageOn('2004-02-29', '2024-02-28')).toBe(19);
    expect(ageOn('2004-02-29', '2024-02-29')).toBe(20);
  });

  it('is negative for a birth date after the day', () => {
    expect(ageOn('2030-01-02', '2025-01-01')).toBeLessThan(0);
  });
});

describe('todayIso', () => {
  // 03:30 UTC on 10 March is still the evening of 9 March in Oklahoma.
  const instant = new Date('2024-03-10T03:30:00Z');

  it('gives the calendar date in the given time zone', () => {
    expect(todayIso('UTC', instant)).toBe('2024-03-10');
    expect(todayIso('America/Chicago', instant)).toBe('2024-03-09');
    expect(todayIso('Pacific/Kiritimati', new Date('2024-12-31T12:00:00Z'))).toBe('2025-01-01');
  });

  it('answers in YYYY-MM-DD form', () => {
    expect(todayIso()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(isIsoDate(todayIso())).toBe(true);
  });
});
