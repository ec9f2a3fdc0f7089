import { describe, expect, it } from '@jest/globals';
import { chartWeeks, computeTrainingStats, weekStartOf } from './training-stats.util.js';

describe('weekStartOf', () => {
  it('gives the Monday of the week', () => {
    expect(weekStartOf('2026-03-04')).toBe('2026-03-02'); // Wednesday
    expect(weekStartOf('2026-03-02')).toBe('2026-03-02'); // Monday
    expect(weekStartOf('2026-03-08')).toBe('2026-03-02'); // Sunday
  });
});

describe('chartWeeks', () => {
  it('lists the last 12 Mondays up to today, oldest first', () => {
    const weeks = chartWeeks('2026-03-04', null);
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toBe('2026-03-02');
    expect(weeks[0]).toBe('2025-12-15');
  });

  it('starts no earlier than the week training started', () => {
    expect(chartWeeks('2026-03-04', '2026-02-18')).toEqual(['2026-02-16', '2026-02-23', '2026-03-02']);
  });
});

describe('computeTrainingStats', () => {
  const weeks = ['2026-02-23', '2026-03-02'];

  it('converts metres to miles with the spec factor and gives the pace per mile', () => {
    const stats = computeTrainingStats({
      totals: { runCount: 2, distanceMeters: 16_093.44, durationSeconds: 5250, stravaRunCount: 1 },
      weekly: [{ weekStart: '2026-03-02', distanceMeters: 16_093.44 }],
      weeks,
      trainingStartDate: '2026-02-20',
    });
    expect(stats).toEqual({
      hasTrainingData: true,
      totalMiles: 10,
      averagePace: '8:45 /mi',
      trainingStartDate: '2026-02-20',
      runCount: 2,
      includesStravaData: true,
      weeklyMiles: [
        { weekStart: '2026-02-23', miles: 0 },
        { weekStart: '2026-03-02', miles: 10 },
      ],
    });
  });

  it('has no pace (TBD on the page) and no data without runs', () => {
    const stats = computeTrainingStats({
      totals: { runCount: 0, distanceMeters: 0, durationSeconds: 0, stravaRunCount: 0 },
      weekly: [],
      weeks,
      trainingStartDate: null,
    });
    expect(stats).toMatchObject({
      hasTrainingData: false,
      totalMiles: 0,
      averagePace: null,
      includesStravaData: false,
    });
  });
});
