const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A calendar date (`YYYY-MM-DD`, e.g. a marathon date) for display, read as that day wherever the
 * reader is: "Sunday, October 10, 2027" (long) or "Oct 10, 2027" (medium), as en-US writes them.
 * Written out here rather than with `toLocaleDateString`: each of its calls builds an ICU date
 * formatter (locale data and patterns), which made 80-90% of the longest script task of a runner
 * page's first render (the marathon date in its header) in a trace of the page load.
 */
export function formatCalendarDate(date: string, style: 'long' | 'medium' = 'long'): string {
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  const month = MONTHS[parsed.getUTCMonth()]!;
  const day = parsed.getUTCDate();
  const year = parsed.getUTCFullYear();
  return style === 'long'
    ? `${WEEKDAYS[parsed.getUTCDay()]!}, ${month} ${day}, ${year}`
    : `${month.slice(0, 3)} ${day}, ${year}`;
}

/** The browser's IANA time zone (`Europe/London`), or undefined where it cannot tell. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
