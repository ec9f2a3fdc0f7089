/** Whole days from today to the race day, both as calendars read where the race is run. */
export function daysUntil(date: string, timeZone: string, now: Date = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  const today = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
  const [y, m, d] = date.split('-').map(Number);
  return Math.round((Date.UTC(y!, m! - 1, d!) - today) / 86_400_000);
}

/** "12 days to go", "Race day today", "Run on …" */
export function countdownText(date: string, timeZone: string, now: Date = new Date()): string {
  const days = daysUntil(date, timeZone, now);
  if (days > 1) return `${days.toLocaleString('en-US')} days to go`;
  if (days === 1) return 'Race day is tomorrow';
  if (days === 0) return 'Race day is today';
  return 'This race has been run';
}
