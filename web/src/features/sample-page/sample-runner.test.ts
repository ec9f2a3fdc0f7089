import { activitySchema, BUSINESS, profileSchema, trainingStatsSchema } from '@runpledge/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleMarathonDate, sampleRunnerPage, sampleTotals } from './sample-runner';

const WEEK_MS = 7 * 86_400_000;
const raceStart = (date: string) => Date.parse(`${date}T13:00:00Z`);

describe('sample runner page data', () => {
  afterEach(() => vi.useRealTimers());

  it('is valid against the same schemas the API answers with', () => {
    const { profile, trainingStats, runHistory } = sampleRunnerPage(new Date('2026-11-22T10:00:00Z'));

    expect(() => profileSchema.parse(profile)).not.toThrow();
    expect(() => trainingStatsSchema.parse(trainingStats)).not.toThrow();
    for (const run of runHistory) expect(() => activitySchema.parse(run)).not.toThrow();
    expect(profile.isOwner).toBe(false);
    expect(profile.published).toBe(true);
    expect(profile.urlSlug.startsWith('test-')).toBe(true);
  });

  it.each([
    ['2026-01-15T12:00:00Z', '2026-10-11'],
    ['2026-08-16T12:00:00Z', '2026-10-11'],
    // Less than eight weeks before Chicago: the sample races the year after.
    ['2026-08-20T12:00:00Z', '2027-10-10'],
    ['2026-10-11T20:00:00Z', '2027-10-10'],
    ['2027-12-31T23:59:00Z', '2028-10-08'],
  ])('on %s runs Chicago on the second Sunday of October %s', (now, expected) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));

    const { profile } = sampleRunnerPage();

    expect(profile.marathonDate).toBe(expected);
    expect(new Date(`${expected}T00:00:00Z`).getUTCDay()).toBe(0);
    expect(raceStart(profile.marathonDate) - Date.now()).toBeGreaterThanOrEqual(8 * WEEK_MS);
  });

  it('always has a race at least eight weeks ahead, whatever the day', () => {
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2029, 0, 1); day += 86_400_000) {
      const date = sampleMarathonDate(new Date(day));
      expect(raceStart(date) - day).toBeGreaterThanOrEqual(8 * WEEK_MS);
      expect(raceStart(date) - day).toBeLessThan(62 * WEEK_MS);
    }
  });

  it('has runs in the past, newest first, for more than two pages of history', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const { runHistory } = sampleRunnerPage(now);

    expect(runHistory.length).toBeGreaterThan(2 * BUSINESS.historyPageSize);
    const starts = runHistory.map((run) => Date.parse(run.startDate));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect(Math.max(...starts)).toBeLessThan(now.getTime());
    expect(Math.min(...starts)).toBeGreaterThan(now.getTime() - 5 * WEEK_MS);
  });

  it('has training figures that add up to its runs', () => {
    const { trainingStats, runHistory } = sampleRunnerPage(new Date('2026-11-22T10:00:00Z'));
    const miles = runHistory.reduce((sum, run) => sum + run.distanceMeters, 0) * BUSINESS.metersToMiles;
    const weekly = trainingStats.weeklyMiles.reduce((sum, week) => sum + week.miles, 0);

    expect(trainingStats.runCount).toBe(runHistory.length);
    expect(trainingStats.totalMiles).toBeCloseTo(miles, 1);
    expect(weekly).toBeCloseTo(miles, 0);
    expect(trainingStats.averagePace).toMatch(/^\d+:\d{2} \/mi$/);
    expect(trainingStats.weeklyMiles.every((week) => new Date(`${week.weekStart}T00:00:00Z`).getUTCDay() === 1)).toBe(
      true,
    );
  });

  it('has totals that move through the day, read from the platform three minutes before now', () => {
    const at = (time: string) => sampleRunnerPage(new Date(time)).profile;
    const morning = at('2026-11-22T10:00:00Z');
    const afternoon = at('2026-11-22T14:00:00Z');

    expect(morning).toMatchObject({ fundsRaised: '2045.00', totalDonors: 44, fundraisingGoal: '3000.00' });
    expect(afternoon).toMatchObject({ fundsRaised: '2195.00', totalDonors: 49 });
    expect(morning.totalsSyncedAt).toBe('2026-11-22T09:57:00.000Z');
    // The same moment gives the same figures: the page and its tests agree.
    expect(at('2026-11-22T10:00:00Z')).toEqual(morning);
  });

  it('only goes up within a day, one donor a donation, and stays below the goal', () => {
    const day = Date.UTC(2026, 10, 22);
    let previous = sampleTotals(new Date(day));
    expect(previous).toEqual({ fundsRaised: '1525.00', totalDonors: 31 });
    for (let minute = 1; minute < 24 * 60; minute++) {
      const totals = sampleTotals(new Date(day + minute * 60_000));
      expect(Number(totals.fundsRaised)).toBeGreaterThanOrEqual(Number(previous.fundsRaised));
      expect(totals.totalDonors - previous.totalDonors).toBe(
        Number(totals.fundsRaised) > Number(previous.fundsRaised) ? 1 : 0,
      );
      previous = totals;
    }
    expect(previous).toEqual({ fundsRaised: '2700.00', totalDonors: 62 });
  });

  it('offers between four and seven challenges, both exclusive and open to many', () => {
    const { profile } = sampleRunnerPage();
    const challenges = profile.fundraisingChallenges;

    expect(challenges.length).toBeGreaterThanOrEqual(4);
    expect(challenges.length).toBeLessThanOrEqual(7);
    expect(challenges.some((c) => c.isExclusive)).toBe(true);
    expect(challenges.some((c) => !c.isExclusive)).toBe(true);
    expect(challenges.map((c) => c.position)).toEqual(challenges.map((_, i) => i));
  });
});
