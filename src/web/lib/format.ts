const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A timestamp (ISO) as a date in the browser's time zone: "Jan 5, 2026". */
export const formatDate = (iso: string | null | undefined) =>
  iso ? dateFormat.format(new Date(iso)) : '—';

/** "Jan 5, 3:04 PM" */
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? dateTimeFormat.format(new Date(iso)) : '—';

const calendarFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date (YYYY-MM-DD) as is, never moved by the browser's zone: "March 31, 2026". */
export const formatCalendarDate = (iso: string) =>
  calendarFormat.format(new Date(`${iso}T00:00:00Z`));
