// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDistance, formatPace, toKilometers } from './distance-unit';
import { formatDuration, localToday } from './format-activity';

describe('activity formatting', () => {
  it("shows distance in the page's unit with two decimals", () => {
    expect(formatDistance(10_012.5, 'km')).toBe('10.01 km');
    expect(formatDistance(10_012.5, 'mi')).toBe('6.22 mi');
  });

  it("takes a distance typed in the page's unit as kilometers", () => {
    expect(toKilometers(10, 'km')).toBe(10);
    expect(toKilometers(26.2, 'mi')).toBeCloseTo(42.165, 2);
  });

  it('shows durations as h:mm:ss or m:ss', () => {
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(605)).toBe('10:05');
  });

  it("shows pace per the page's unit, or nothing without a distance", () => {
    expect(formatPace(301.4, 'km')).toBe('5:01 /km');
    expect(formatPace(301.4, 'mi')).toBe('8:05 /mi');
    expect(formatPace(null, 'mi')).toBeNull();
  });

  it('gives today as a local YYYY-MM-DD date', () => {
    expect(localToday(new Date(2026, 2, 4, 23, 30))).toBe('2026-03-04');
  });
});
