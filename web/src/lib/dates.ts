/**
 * A calendar date (`YYYY-MM-DD`, e.g. a marathon date) for display, read as that day wherever the
 * reader is: "Sunday, October 10, 2027" (long) or "Oct 10, 2027" (medium).
 */
export function formatCalendarDate(date: string, style: 'long' | 'medium' = 'long'): string {
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString('en-US', {
    timeZone: 'UTC',
    ...(style === 'long'
      ? { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }
      : { year: 'numeric', month: 'short', day: 'numeric' }),
  });
}
