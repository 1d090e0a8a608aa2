// Calendar dates travel as ISO strings (YYYY-MM-DD); these helpers never go through a
// local-time Date so a birthday does not move by a day across time zones.

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

let clinicTimeZone: string | undefined;

/** The server calls this at start so "today" is the clinic's (CLINIC_TIMEZONE); browsers keep their own. */
export function setDefaultTimeZone(timeZone: string | undefined): void {
  clinicTimeZone = timeZone;
}

/** Today's calendar date in a time zone (the clinic's on the server, the browser's on the client). */
export function todayIso(
  timeZone: string | undefined = clinicTimeZone,
  now: Date = new Date(),
): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Whole years between a birth date and a day, both ISO dates. */
export function ageOn(birthDate: string, onDate: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = onDate.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}
