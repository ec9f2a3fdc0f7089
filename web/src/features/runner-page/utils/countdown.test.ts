// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { countdownTo, marathonStart } from './countdown';

describe('marathon countdown (spec 4: 08:00 at UTC-5)', () => {
  it('targets 13:00 UTC on the marathon date', () => {
    expect(marathonStart('2027-10-10')?.toISOString()).toBe('2027-10-10T13:00:00.000Z');
  });

  it('splits the time left into whole days, hours and minutes', () => {
    // 2 days, 3 hours, 4 minutes and 59 seconds before the start.
    const now = new Date('2027-10-08T09:55:01Z');
    expect(countdownTo('2027-10-10', now)).toEqual({ days: 2, hours: 3, minutes: 4 });
  });

  it('counts to 08:00 at UTC-5 whatever the local midnight is', () => {
    expect(countdownTo('2027-10-10', new Date('2027-10-10T12:59:00Z'))).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(countdownTo('2027-10-10', new Date('2027-10-10T00:00:00Z'))).toEqual({ days: 0, hours: 13, minutes: 0 });
  });

  it('shows zeros at and after the start', () => {
    expect(countdownTo('2027-10-10', new Date('2027-10-10T13:00:00Z'))).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(countdownTo('2027-10-10', new Date('2028-01-01T00:00:00Z'))).toEqual({ days: 0, hours: 0, minutes: 0 });
  });

  it('shows zeros for a date it cannot read', () => {
    expect(countdownTo('soon', new Date('2027-01-01T00:00:00Z'))).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});
