import { describe, expect, it } from 'vitest';
import {
  describeClinicHours,
  formatClinicHours,
  formatClinicInstant,
  isClinicOpen,
  nextClinicOpening,
  parseClinicHours,
} from './clinic-hours.js';

const CHI = 'America/Chicago';
const at = (iso: string) => Date.parse(iso);

describe('parseClinicHours', () => {
  it('reads one group and several', () => {
    expect(parseClinicHours('Mon-Fri 09:00-18:00')).toEqual([
      { days: [1, 2, 3, 4, 5], open: 540, close: 1080 },
    ]);
    expect(parseClinicHours('Mon-Fri 09:00-18:00, Sat 10:00-14:00')).toEqual([
      { days: [1, 2, 3, 4, 5], open: 540, close: 1080 },
      { days: [6], open: 600, close: 840 },
    ]);
    expect(parseClinicHours('Fri-Mon 08:30-12:00')?.[0]?.days).toEqual([5, 6, 0, 1]);
  });

  it.each([
    '',
    'Mon-Fri',
    '9-5',
    'Mon-Fri 9:00-18:00',
    'Mon-Fry 09:00-18:00',
    'Mon-Fri 18:00-09:00',
    'Mon-Fri 09:00-25:00',
    'Mon-Fri 09:75-18:00',
    'Mon-Fri 09:00-18:00,',
  ])('refuses %j', (value) => {
    expect(parseClinicHours(value)).toBeNull();
  });

  it('formats for people', () => {
    const hours = parseClinicHours('Mon-Fri 09:00-18:00, Sat 10:30-14:00');
    expect(formatClinicHours(hours ?? [])).toBe('Mon-Fri 9AM-6PM, Sat 10:30AM-2PM');
  });

  it('formats for people in Spanish (es-US)', () => {
    const hours = parseClinicHours('Mon-Fri 09:00-18:00, Sat 10:30-14:00');
    // Intl may space "a.m." with a no-break space: compare with plain spaces.
    expect(formatClinicHours(hours ?? [], 'es').replace(/\s/g, ' ')).toBe(
      'lun a vie, 9 a.m. a 6 p.m.; sáb, 10:30 a.m. a 2 p.m.',
    );
  });
});

describe('nextClinicOpening (America/Chicago)', () => {
  const hours = parseClinicHours('Mon-Fri 09:00-18:00') ?? [];

  it('is null while open, including the last minute before closing', () => {
    // Wed 2026-01-14 10:00 CST = 16:00Z
    expect(nextClinicOpening(hours, CHI, at('2026-01-14T16:00:00Z'))).toBeNull();
    expect(isClinicOpen(hours, CHI, at('2026-01-14T23:59:00Z'))).toBe(true); // 17:59 CST
    expect(isClinicOpen(hours, CHI, at('2026-01-15T00:00:00Z'))).toBe(false); // 18:00 CST
  });

  it('opens the same morning, the next morning, and on Monday after a weekend', () => {
    // Wed 07:00 CST -> Wed 09:00 CST
    expect(nextClinicOpening(hours, CHI, at('2026-01-14T13:00:00Z'))).toBe(
      '2026-01-14T15:00:00.000Z',
    );
    // Wed 19:00 CST (Thu 01:00Z) -> Thu 09:00 CST
    expect(nextClinicOpening(hours, CHI, at('2026-01-15T01:00:00Z'))).toBe(
      '2026-01-15T15:00:00.000Z',
    );
    // Fri 18:30 CST -> Mon 09:00 CST
    expect(nextClinicOpening(hours, CHI, at('2026-01-17T00:30:00Z'))).toBe(
      '2026-01-19T15:00:00.000Z',
    );
  });

  it('keeps 09:00 local across the spring and autumn clock changes', () => {
    // DST starts Sun 2026-03-08: Fri 2026-03-06 20:00 CST -> Mon 09:00 CDT (14:00Z)
    expect(nextClinicOpening(hours, CHI, at('2026-03-07T02:00:00Z'))).toBe(
      '2026-03-09T14:00:00.000Z',
    );
    // DST ends Sun 2026-11-01: Fri 2026-10-30 20:00 CDT -> Mon 09:00 CST (15:00Z)
    expect(nextClinicOpening(hours, CHI, at('2026-10-31T01:00:00Z'))).toBe(
      '2026-11-02T15:00:00.000Z',
    );
  });

  it('uses the earliest of several groups', () => {
    const week = parseClinicHours('Mon-Fri 09:00-18:00, Sat 10:00-14:00') ?? [];
    // Fri 18:30 CST -> Sat 10:00 CST
    expect(nextClinicOpening(week, CHI, at('2026-01-17T00:30:00Z'))).toBe(
      '2026-01-17T16:00:00.000Z',
    );
  });
});

describe('describing hours for people', () => {
  it('names the zone as it is on the day, CST or CDT', () => {
    const value = 'Mon-Fri 09:00-18:00';
    expect(describeClinicHours(value, CHI, at('2026-01-14T16:00:00Z'))).toBe('Mon-Fri 9AM-6PM CST');
    expect(describeClinicHours(value, CHI, at('2026-07-14T16:00:00Z'))).toBe('Mon-Fri 9AM-6PM CDT');
    expect(
      describeClinicHours(value, CHI, at('2026-01-14T16:00:00Z'), 'es').replace(/\s/g, ' '),
    ).toBe('lun a vie, 9 a.m. a 6 p.m. CST');
  });

  it('writes an opening on the clinic clock', () => {
    expect(formatClinicInstant('2026-01-19T15:00:00.000Z', CHI)).toBe(
      'Monday, Jan 19, 9:00 AM CST',
    );
    expect(formatClinicInstant('2026-01-19T15:00:00.000Z', CHI, 'es').replace(/\s/g, ' ')).toBe(
      'lunes, 19 de ene, 9:00 a.m. CST',
    );
  });
});
