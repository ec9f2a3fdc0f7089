import { describe, expect, it } from 'vitest';
import { formatDuration, formatKm, formatPacePerKm, localToday } from './format-activity';

describe('activity formatting', () => {
  it('shows distance in km with two decimals', () => {
    expect(formatKm(10_012.5)).toBe('10.01 km');
  });

  it('shows durations as h:mm:ss or m:ss', () => {
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(605)).toBe('10:05');
  });

  it('shows pace per km, or nothing without a distance', () => {
    expect(formatPacePerKm(301.4)).toBe('5:01 /km');
    expect(formatPacePerKm(null)).toBeNull();
  });

  it('gives today as a local YYYY-MM-DD date', () => {
    expect(localToday(new Date(2026, 2, 4, 23, 30))).toBe('2026-03-04');
  });
});
