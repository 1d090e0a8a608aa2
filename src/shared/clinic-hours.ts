// Business hours (CLINIC_HOURS, in CLINIC_TIMEZONE): one parser for the server's config, the
// queue's "opens at" and the hours the site shows, so they cannot disagree (issue 11). The
// words for people take a language (issue 24): English unless told, as the server and the staff
// read them; Spanish through Intl's es-US (INTL_LOCALE).

import { INTL_LOCALE, type Language } from './i18n/languages.js';

export const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const DEFAULT_CLINIC_HOURS = 'Mon-Fri 09:00-18:00';

/** Days are 0 (Sunday) to 6; times are minutes after local midnight, open < close. */
export interface HoursGroup {
  days: number[];
  open: number;
  close: number;
}

const GROUP = /^([A-Za-z]{3})(?:-([A-Za-z]{3}))?\s+(\d{2}):(\d{2})-(\d{2}):(\d{2})$/;

const dayIndex = (name: string): number =>
  DAY_NAMES.findIndex((d) => d.toLowerCase() === name.toLowerCase());

/**
 * "Mon-Fri 09:00-18:00" or several groups, "Mon-Fri 09:00-18:00, Sat 10:00-14:00".
 * Returns null for anything else (a range may wrap the week: "Fri-Mon").
 */
export function parseClinicHours(value: string): HoursGroup[] | null {
  const groups: HoursGroup[] = [];
  for (const part of value.split(',')) {
    const m = GROUP.exec(part.trim());
    if (!m) return null;
    const [, fromName, toName, oh, om, ch, cm] = m as unknown as string[];
    const from = dayIndex(fromName as string);
    const to = toName ? dayIndex(toName) : from;
    const open = Number(oh) * 60 + Number(om);
    const close = Number(ch) * 60 + Number(cm);
    if (from < 0 || to < 0 || Number(om) > 59 || Number(cm) > 59 || close > 24 * 60) return null;
    if (open >= close) return null;
    const days: number[] = [];
    for (let d = from; ; d = (d + 1) % 7) {
      days.push(d);
      if (d === to) break;
    }
    groups.push({ days, open, close });
  }
  return groups.length ? groups : null;
}

// A formatter per zone and use, made once: building an Intl.DateTimeFormat costs far more than
// using one (tens of milliseconds on a phone), the queue status asks for the next opening on
// every poll, and the site's footer shows the hours' zone on every render.
const formatterPerZone = (options: Intl.DateTimeFormatOptions) => {
  const made = new Map<string, Intl.DateTimeFormat>();
  return (timeZone: string, language: Language = 'en') => {
    const key = `${language} ${timeZone}`;
    let format = made.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat(INTL_LOCALE[language], { ...options, timeZone });
      made.set(key, format);
    }
    return format;
  };
};

const wallClockFormat = formatterPerZone({
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const zoneNameFormat = formatterPerZone({ timeZoneName: 'short' });
const instantFormat = formatterPerZone({
  weekday: 'long',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** The wall clock in a zone: calendar date, weekday, minutes after midnight. */
function wallClock(timeZone: string, at: number) {
  const parts = Object.fromEntries(
    wallClockFormat(timeZone)
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const y = Number(parts.year);
  const mo = Number(parts.month);
  const d = Number(parts.day);
  return {
    y,
    mo,
    d,
    weekday: new Date(Date.UTC(y, mo - 1, d)).getUTCDay(),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    /** The same wall clock read as if it were UTC: its difference from `at` is the offset. */
    asUtc: Date.UTC(y, mo - 1, d, Number(parts.hour), Number(parts.minute), Number(parts.second)),
  };
}

/** The instant a local wall-clock time occurs in a zone (DST-safe: offsets are re-read). */
export function instantOf(
  timeZone: string,
  y: number,
  mo: number,
  d: number,
  minutes: number,
): number {
  const wanted = Date.UTC(y, mo - 1, d, 0, minutes);
  let guess = wanted;
  for (let i = 0; i < 3; i++) {
    const offset = wallClock(timeZone, guess).asUtc - guess;
    guess = wanted - offset;
  }
  return guess;
}

export function isClinicOpen(hours: HoursGroup[], timeZone: string, now: number): boolean {
  const c = wallClock(timeZone, now);
  return hours.some(
    (g) => g.days.includes(c.weekday) && c.minutes >= g.open && c.minutes < g.close,
  );
}

/** When the clinic next opens after `now` (an ISO instant), or null while it is open. */
export function nextClinicOpening(
  hours: HoursGroup[],
  timeZone: string,
  now: number,
): string | null {
  if (isClinicOpen(hours, timeZone, now)) return null;
  const today = wallClock(timeZone, now);
  let best: number | null = null;
  for (let ahead = 0; ahead <= 7; ahead++) {
    const day = new Date(Date.UTC(today.y, today.mo - 1, today.d + ahead));
    for (const g of hours) {
      if (!g.days.includes(day.getUTCDay())) continue;
      const at = instantOf(
        timeZone,
        day.getUTCFullYear(),
        day.getUTCMonth() + 1,
        day.getUTCDate(),
        g.open,
      );
      if (at > now && (best === null || at < best)) best = at;
    }
    if (best !== null) break;
  }
  return best === null ? null : new Date(best).toISOString();
}

const clock = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, '0')}` : ''}${h < 12 || h === 24 ? 'AM' : 'PM'}`;
};

// Spanish day names and hours, from Intl (es-US): "lun", "9 a.m.". Read in UTC from a known
// Sunday, so the host's zone plays no part.
const spanishDay = new Intl.DateTimeFormat(INTL_LOCALE.es, { weekday: 'short', timeZone: 'UTC' });
const spanishHour = new Intl.DateTimeFormat(INTL_LOCALE.es, { hour: 'numeric', timeZone: 'UTC' });
const spanishTime = new Intl.DateTimeFormat(INTL_LOCALE.es, {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});
const SUNDAY = Date.UTC(2026, 0, 4);
const dayInSpanish = (day: number) => spanishDay.format(new Date(SUNDAY + day * 86_400_000));
const clockInSpanish = (minutes: number) =>
  (minutes % 60 ? spanishTime : spanishHour).format(new Date(SUNDAY + minutes * 60_000));

/**
 * "Mon-Fri 9AM-6PM, Sat 10AM-2PM" for people; in Spanish "lun a vie, 9 a.m. a 6 p.m.; sáb,
 * 10 a.m. a 2 p.m.". The zone is added by the caller.
 */
export function formatClinicHours(hours: HoursGroup[], language: Language = 'en'): string {
  if (language === 'es')
    return hours
      .map((g) => {
        const first = dayInSpanish(g.days[0] as number);
        const last = dayInSpanish(g.days[g.days.length - 1] as number);
        const days = g.days.length > 1 ? `${first} a ${last}` : first;
        return `${days}, ${clockInSpanish(g.open)} a ${clockInSpanish(g.close)}`;
      })
      .join('; ');
  return hours
    .map((g) => {
      const first = DAY_NAMES[g.days[0] as number];
      const last = DAY_NAMES[g.days[g.days.length - 1] as number];
      const days = g.days.length > 1 ? `${first}-${last}` : first;
      return `${days} ${clock(g.open)}-${clock(g.close)}`;
    })
    .join(', ');
}

/** The zone's short name at an instant ("CST" in winter, "CDT" in summer for Chicago). */
export function zoneAbbreviation(timeZone: string, at: number): string {
  const part = zoneNameFormat(timeZone)
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** "Mon-Fri 9AM-6PM CST" from the configured value, as the site shows it (or in Spanish). */
export function describeClinicHours(
  value: string,
  timeZone: string,
  now: number,
  language: Language = 'en',
): string {
  const hours = parseClinicHours(value);
  return hours ? `${formatClinicHours(hours, language)} ${zoneAbbreviation(timeZone, now)}` : value;
}

/** "Monday, 9:00 AM CST" ("lunes, 19 de ene, 9:00 a.m. CST"): an opening on the clinic's clock. */
export function formatClinicInstant(
  iso: string,
  timeZone: string,
  language: Language = 'en',
): string {
  const at = Date.parse(iso);
  const text = instantFormat(timeZone, language).format(new Date(at));
  return `${text} ${zoneAbbreviation(timeZone, at)}`;
}
