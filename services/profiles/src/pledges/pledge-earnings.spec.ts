import { describe, expect, it } from '@jest/globals';
import { pledgeEarned } from '@runpledge/contracts';
import { DistanceWindow, earningOf, rateIn } from './pledge-earnings.js';

const mile = 1609.344;
const days = [
  { date: '2027-03-01', meters: { strava: 2 * mile, manual: 0, upload: 0 } },
  { date: '2027-03-03', meters: { strava: 0, manual: 3 * mile, upload: 1 * mile } },
  { date: '2027-03-05', meters: { strava: 4 * mile, manual: 0, upload: 0 } },
];

describe('pledge earnings', () => {
  it('counts the runs from the confirmation day to the window end, by source', () => {
    const window = new DistanceWindow(days);
    const pledge = { counts: 'training' as const, unit: 'mi' as const, ratePerUnit: 1.5, cap: null };
    expect(earningOf({ ...pledge, confirmedOn: '2027-03-01' }, window, false)).toEqual({
      distanceCounted: 10,
      earned: 15,
      sources: { strava: 6, manual: 3, upload: 1 },
    });
    // A day without runs starts at the next day with some; after the last one nothing is left.
    expect(earningOf({ ...pledge, confirmedOn: '2027-03-02' }, window, false).distanceCounted).toBe(8);
    expect(earningOf({ ...pledge, confirmedOn: '2027-03-06' }, window, false).distanceCounted).toBe(0);
  });

  it('caps the amount and counts the marathon for a race pledge only once due', () => {
    const window = new DistanceWindow([]);
    const race = { counts: 'race' as const, unit: 'km' as const, ratePerUnit: 1, cap: 40, confirmedOn: '2027-03-01' };
    expect(earningOf(race, window, false).earned).toBe(0);
    expect(earningOf(race, window, true)).toMatchObject({ distanceCounted: 42.195, earned: 40 });
    expect(earningOf({ ...race, unit: 'mi', cap: null }, window, true).earned).toBe(26.2);
  });

  it('rounds to the cent without float drift, and converts rates between units', () => {
    expect(pledgeEarned(0.35, 7.5, null)).toBe(2.63);
    expect(pledgeEarned(1.15, 3, null)).toBe(3.45);
    expect(pledgeEarned(1000, 1000, 99.99)).toBe(99.99);
    expect(rateIn(1, 'mi', 'km')).toBeCloseTo(0.621371, 5);
    expect(rateIn(1, 'km', 'km')).toBe(1);
  });
});
