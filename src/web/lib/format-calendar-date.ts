// A calendar date (ISO YYYY-MM-DD) shown as people read it ("Mar 31, 2027"), formatted in UTC
// so the day never moves with the browser's time zone.

const calendarFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

export function formatCalendarDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : calendarFormat.format(date);
}
