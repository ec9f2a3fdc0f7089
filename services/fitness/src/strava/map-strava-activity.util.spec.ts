import { describe, expect, it } from '@jest/globals';
import { mapStravaActivity } from './map-strava-activity.util.js';

const run = {
  id: 12345678987654321n.toString(),
  name: 'Morning Run',
  distance: 10_012.5,
  moving_time: 3010,
  elapsed_time: 3200,
  total_elevation_gain: 42.3,
  sport_type: 'TrailRun',
  type: 'Run',
  start_date: '2026-03-02T12:30:00Z',
  start_date_local: '2026-03-02T07:30:00Z',
  private: false,
  visibility: 'everyone',
  map: { summary_polyline: 'abc' },
};

describe('mapStravaActivity', () => {
  it('keeps the fields the product shows and the external id as text', () => {
    expect(mapStravaActivity(run)).toEqual({
      source: 'strava',
      externalId: '12345678987654321',
      name: 'Morning Run',
      sportType: 'TrailRun',
      distanceMeters: 10_012.5,
      durationSeconds: 3010,
      // The clock from start to finish (a race's time), beside the moving time above.
      elapsedSeconds: 3200,
      elevationGainMeters: 42.3,
      startDate: new Date('2026-03-02T12:30:00Z'),
      startDateLocal: '2026-03-02T07:30:00',
      visibleToAll: true,
    });
  });

  it('keeps private, followers-only and unspecified activities from everyone but their runner', () => {
    expect(mapStravaActivity({ ...run, private: true, visibility: 'only_me' }).visibleToAll).toBe(false);
    expect(mapStravaActivity({ ...run, visibility: 'followers_only' }).visibleToAll).toBe(false);
    expect(mapStravaActivity({ ...run, private: undefined, visibility: undefined }).visibleToAll).toBe(false);
  });

  it('never carries a map or route', () => {
    expect(JSON.stringify(mapStravaActivity(run))).not.toContain('polyline');
  });

  it('reads the deprecated type only when sport_type is missing', () => {
    expect(mapStravaActivity({ ...run, sport_type: undefined }).sportType).toBe('Run');
  });

  it('fills missing numbers with 0 and falls back to elapsed time and the UTC start', () => {
    const mapped = mapStravaActivity({ id: 1, start_date: '2026-01-05T06:00:00Z', elapsed_time: 600, name: '  ' });
    expect(mapped).toMatchObject({
      name: 'Strava activity',
      distanceMeters: 0,
      durationSeconds: 600,
      elevationGainMeters: 0,
      startDateLocal: '2026-01-05T06:00:00',
    });
  });

  it('refuses an activity without a valid start date', () => {
    expect(() => mapStravaActivity({ id: 2, start_date: 'not a date' })).toThrow(/start_date/);
  });
});
