// Each formatter is built on first use: building an Intl.DateTimeFormat is costly on a phone,
// and a page that shows no date should not pay for three at start (issue 23).
const lazyFormat = (options: Intl.DateTimeFormatOptions) => {
  let made: Intl.DateTimeFormat | undefined;
  return () => {
    made ??= new Intl.DateTimeFormat('en-US', options);
    return made;
  };
};

const dateFormat = lazyFormat({ year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = lazyFormat({
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const calendarFormat = lazyFormat({
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A timestamp (ISO) as a date in the browser's time zone: "Jan 5, 2026". */
export const formatDate = (iso: string | null | undefined) =>
  iso ? dateFormat().format(new Date(iso)) : '—';

/** "Jan 5, 3:04 PM" */
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? dateTimeFormat().format(new Date(iso)) : '—';

/** A calendar date (YYYY-MM-DD) as is, never moved by the browser's zone: "March 31, 2026". */
export const formatCalendarDate = (iso: string) =>
  calendarFormat().format(new Date(`${iso}T00:00:00Z`));
