import { describe, expect, it } from '@jest/globals';
import { formatMoney, progressPercent } from './fundraising.js';

describe('fundraising progress', () => {
  it('is raised divided by goal', () => {
    expect(progressPercent('250.00', '1000.00')).toBe(25);
    expect(progressPercent(333, 1000)).toBeCloseTo(33.3);
  });

  it('is capped at 100 when the goal is passed', () => {
    expect(progressPercent('1500', '1000')).toBe(100);
  });

  it('is 0 without a goal or with nothing raised', () => {
    expect(progressPercent('500', '0')).toBe(0);
    expect(progressPercent('0', '1000')).toBe(0);
    expect(progressPercent('abc', '1000')).toBe(0);
  });

  it('formats the decimal strings as dollars', () => {
    expect(formatMoney('1250.00')).toBe('$1,250');
    expect(formatMoney('12.5')).toBe('$12.50');
  });
});

describe('formatMoney with a currency', () => {
  it('formats pounds and euros by their ISO code', () => {
    expect(formatMoney('1250.00', 'GBP')).toBe('£1,250');
    expect(formatMoney('12.5', 'EUR')).toBe('€12.50');
  });

  it('falls back to dollars for a code Intl does not know', () => {
    expect(formatMoney('10', 'NOT-A-CODE')).toBe('$10');
  });
});
