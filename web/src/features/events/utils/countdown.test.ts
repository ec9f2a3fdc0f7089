import { describe, expect, it } from 'vitest';
import { countdownText, daysUntil } from './countdown';

describe('the countdown, in the event’s own time zone', () => {
  it('counts days where the race is run, not where the visitor is', () => {
    const now = new Date('2027-04-24T23:30:00Z'); // the 25th in London (BST), still the 24th in New York
    expect(daysUntil('2027-04-25', 'Europe/London', now)).toBe(0);
    expect(daysUntil('2027-04-25', 'America/New_York', now)).toBe(1);
    expect(countdownText('2027-04-25', 'Europe/London', now)).toBe('Race day is today');
    expect(countdownText('2027-05-05', 'Europe/London', now)).toBe('10 days to go');
    expect(countdownText('2027-04-20', 'Europe/London', now)).toBe('This race has been run');
  });
});
