import { describe, expect, it } from '@jest/globals';
import { activityName, generateActivities, toDetail, toSummary } from './activities-generator.js';

const endAt = Date.UTC(2026, 10, 22, 12) / 1000;
const options = { seed: 42, count: 120, athleteId: 7, firstActivityId: 1000, endAt };

describe('generateActivities', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateActivities(options)).toEqual(generateActivities(options));
    expect(generateActivities({ ...options, seed: 43 })).not.toEqual(generateActivities(options));
  });

  it('gives mostly runs over the last months, some rides, ids rising with time, all before endAt', () => {
    const activities = generateActivities(options);
    expect(activities).toHaveLength(120);
    const runs = activities.filter((a) => a.sportType === 'Run' || a.sportType === 'TrailRun');
    const rides = activities.filter((a) => a.sportType === 'Ride');
    expect(runs.length / activities.length).toBeGreaterThan(0.6);
    expect(rides.length).toBeGreaterThan(5);
    expect(activities.every((a, i) => i === 0 || a.start > activities[i - 1]!.start)).toBe(true);
    expect(activities.map((a) => a.id)).toEqual(activities.map((_, i) => 1000 + i));
    expect(activities.at(-1)!.start).toBeLessThan(endAt);
    const spanDays = (endAt - activities[0]!.start) / 86_400;
    expect(spanDays).toBeGreaterThan(120);
    expect(spanDays).toBeLessThan(260);
  });

  it('keeps runs at realistic distances and paces', () => {
    for (const run of generateActivities(options).filter((a) => a.sportType === 'Run')) {
      const paceSecondsPerKm = run.movingTime / (run.distance / 1000);
      expect(run.distance).toBeGreaterThanOrEqual(5_000);
      expect(run.distance).toBeLessThanOrEqual(32_000);
      expect(paceSecondsPerKm).toBeGreaterThan(220);
      expect(paceSecondsPerKm).toBeLessThan(450);
      expect(run.elapsedTime).toBeGreaterThanOrEqual(run.movingTime);
    }
  });
});

describe('activity JSON', () => {
  const [activity] = generateActivities({ ...options, count: 1 });

  it('has the fields the fitness service reads and never a map or coordinates', () => {
    const summary = toSummary(activity!);
    for (const field of [
      'id',
      'name',
      'distance',
      'moving_time',
      'elapsed_time',
      'total_elevation_gain',
      'average_speed',
      'sport_type',
      'type',
      'start_date',
      'start_date_local',
      'timezone',
    ]) {
      expect(summary).toHaveProperty(field);
    }
    expect(summary).not.toHaveProperty('map');
    expect(summary).not.toHaveProperty('start_latlng');
    expect(toDetail(activity!)).not.toHaveProperty('map');
    expect(summary.start_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(summary.average_speed).toBeCloseTo(activity!.distance / activity!.movingTime, 2);
  });

  it('writes local time with a Z, seven hours behind UTC in Phoenix', () => {
    const summary = toSummary(activity!);
    const diff = (Date.parse(summary.start_date as string) - Date.parse(summary.start_date_local as string)) / 1000;
    expect(diff).toBe(7 * 3600);
    expect(summary.timezone).toBe('(GMT-07:00) America/Phoenix');
  });

  it('names activities like Strava does', () => {
    expect(activityName('Run', 7)).toBe('Morning Run');
    expect(activityName('Ride', 12)).toBe('Lunch Ride');
    expect(activityName('Run', 18)).toBe('Evening Run');
    expect(activityName('Long Run', 7)).toBe('Long Run');
  });
});
