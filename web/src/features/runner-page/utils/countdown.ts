import { BUSINESS } from '@runpledge/contracts';

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
// UTC-5 is 5 hours behind UTC, so 08:00 there is 13:00 UTC.
const UTC_OFFSET_HOURS = -5;

/** Spec 4: the race starts at 08:00 at UTC-5 on the marathon date (`YYYY-MM-DD`). */
export function marathonStart(marathonDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(marathonDate);
  if (!match) return null;
  const [, year, month, day] = match.map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!, BUSINESS.marathonStartHourUtcMinus5 - UTC_OFFSET_HOURS));
}

/** Whole days, hours and minutes left until the start; zeros once it has passed. */
export function countdownTo(marathonDate: string, now: Date): CountdownParts {
  const start = marathonStart(marathonDate);
  const left = start ? start.getTime() - now.getTime() : 0;
  if (left <= 0) return { days: 0, hours: 0, minutes: 0 };
  return {
    days: Math.floor(left / DAY_MS),
    hours: Math.floor((left % DAY_MS) / HOUR_MS),
    minutes: Math.floor((left % HOUR_MS) / MINUTE_MS),
  };
}
