import type { DayRun } from '@runpledge/contracts';
import { finishFromRuns, finishStillTold, isRaceMorning, raceDayHasCome, raceDayOf } from './race-day.util.js';

const run = (over: Partial<DayRun>): DayRun => ({
  startDate: '2027-04-25T09:00:00.000Z',
  startDateLocal: '2027-04-25T10:00:00',
  distanceMeters: 42_300,
  elapsedSeconds: 4 * 3600 + 12,
  source: 'upload',
  ...over,
});

describe('race day', () => {
  const london = raceDayOf({ marathonDate: '2027-04-25', raceTimeZone: 'Europe/London' });

  it('reads the race time zone, and UTC when there is none or an unknown one', () => {
    expect(london).toEqual({ date: '2027-04-25', timeZone: 'Europe/London' });
    expect(raceDayOf({ marathonDate: '2027-04-25', raceTimeZone: null }).timeZone).toBe('UTC');
    expect(raceDayOf({ marathonDate: '2027-04-25', raceTimeZone: 'Mars/Olympus' }).timeZone).toBe('UTC');
  });

  it("comes at midnight in the race's zone, not in UTC", () => {
    const tokyo = raceDayOf({ marathonDate: '2027-03-07', raceTimeZone: 'Asia/Tokyo' });
    expect(raceDayHasCome(tokyo, new Date('2027-03-06T14:59:00Z'))).toBe(false);
    expect(raceDayHasCome(tokyo, new Date('2027-03-06T15:00:00Z'))).toBe(true);
    expect(isRaceMorning(tokyo, new Date('2027-03-06T20:59:00Z'))).toBe(false);
    expect(isRaceMorning(tokyo, new Date('2027-03-06T21:00:00Z'))).toBe(true);
    expect(isRaceMorning(tokyo, new Date('2027-03-07T15:00:00Z'))).toBe(false);
  });

  it('records the first race-day run of at least 40 km, with its elapsed time and source', () => {
    expect(finishFromRuns([run({ distanceMeters: 39_999 })], london)).toBeNull();
    expect(
      finishFromRuns(
        [run({ startDate: '2027-04-25T15:00:00.000Z', elapsedSeconds: 5 * 3600, source: 'strava' }), run({})],
        london,
      ),
    ).toEqual({ finishSeconds: 4 * 3600 + 12, source: 'upload' });
    // 23:30 UTC on the 24th is already the 25th in London (BST).
    expect(finishFromRuns([run({ startDate: '2027-04-24T23:30:00.000Z' })], london)).not.toBeNull();
    expect(finishFromRuns([run({ startDate: '2027-04-25T23:30:00.000Z' })], london)).toBeNull();
  });

  it('takes a run entered by hand on its own day, and never a time no marathon takes', () => {
    expect(
      finishFromRuns(
        [run({ source: 'manual', startDate: '2027-04-25T12:00:00.000Z', startDateLocal: '2027-04-25T12:00:00' })],
        london,
      ),
    ).toEqual({ finishSeconds: 4 * 3600 + 12, source: 'manual' });
    expect(finishFromRuns([run({ elapsedSeconds: 100 * 60 })], london)).toBeNull();
    expect(finishFromRuns([run({ elapsedSeconds: 12 * 3600 + 1 })], london)).toBeNull();
  });

  it('takes a finish from runs told on race day or in the two weeks after, not before nor long after', () => {
    expect(finishStillTold(london, new Date('2027-04-24T22:59:00Z'))).toBe(false);
    expect(finishStillTold(london, new Date('2027-04-24T23:00:00Z'))).toBe(true);
    expect(finishStillTold(london, new Date('2027-05-08T22:59:00Z'))).toBe(true);
    expect(finishStillTold(london, new Date('2027-05-08T23:00:00Z'))).toBe(false);
    expect(finishStillTold(london, new Date('2030-01-01T12:00:00Z'))).toBe(false);
  });
});
