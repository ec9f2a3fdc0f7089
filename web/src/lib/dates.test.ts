// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCalendarDate } from './dates';

/** What the browser's own en-US formatting says for a day. */
const intl = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', ...options });

describe('formatCalendarDate', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes a day as en-US does, long and medium, for every day of a leap year and around it', () => {
    const days: string[] = [];
    for (let t = Date.UTC(2027, 11, 25); t <= Date.UTC(2029, 0, 5); t += 86_400_000) {
      days.push(new Date(t).toISOString().slice(0, 10));
    }
    days.push('0999-03-01', '2000-02-29', '1970-01-01');
    for (const day of days) {
      expect(formatCalendarDate(day)).toBe(
        intl(day, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }),
      );
      expect(formatCalendarDate(day, 'medium')).toBe(intl(day, { year: 'numeric', month: 'short', day: 'numeric' }));
    }
  });

  it('reads a date-time as its day and leaves text that is no date as it is', () => {
    expect(formatCalendarDate('2027-10-10T23:30:00.000Z')).toBe('Sunday, October 10, 2027');
    expect(formatCalendarDate('soon')).toBe('soon');
  });

  it('needs no Intl formatter: a runner page shows its marathon date without loading locale data', () => {
    const toLocaleDateString = vi.spyOn(Date.prototype, 'toLocaleDateString');
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    formatCalendarDate('2027-10-10');
    formatCalendarDate('2027-10-10', 'medium');
    expect(toLocaleDateString).not.toHaveBeenCalled();
    expect(dateTimeFormat).not.toHaveBeenCalled();
  });
});
