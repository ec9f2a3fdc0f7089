import { hourIn, isTimeZone, RACE_DAY_LIMITS, todayIn, type DayRun, type RaceResultSource } from '@runpledge/contracts';

/** Race day: the page's marathon date in the race's own time zone. */
export interface RaceDay {
  date: string;
  timeZone: string;
}

/**
 * The one reading of a page's race day: its marathon date, in `race_time_zone` (set from the
 * page's event) or UTC when it has none or one this runtime does not know.
 */
export function raceDayOf(page: { marathonDate: string; raceTimeZone?: string | null }): RaceDay {
  const zone = page.raceTimeZone;
  return { date: page.marathonDate, timeZone: zone && isTimeZone(zone) ? zone : 'UTC' };
}

/** The day it is now where the race is run. */
export function todayAtRace(race: RaceDay, now: Date): string {
  return todayIn(race.timeZone, now);
}

/** On or after race day, where the race is run. */
export function raceDayHasCome(race: RaceDay, now: Date): boolean {
  return todayAtRace(race, now) >= race.date;
}

/**
 * Whether a race-day run told now may still record the finish: on race day or within two weeks
 * after it (a watch synced late). Runs told long after (an import, fitness telling every runner's
 * runs again) leave an old race as it was.
 */
export function finishStillTold(race: RaceDay, now: Date): boolean {
  const today = todayAtRace(race, now);
  const last = new Date(`${race.date}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + RACE_DAY_LIMITS.finishTellDays);
  return today >= race.date && today < last.toISOString().slice(0, 10);
}

/** Race day, from the morning mail's hour on, where the race is run. */
export function isRaceMorning(race: RaceDay, now: Date): boolean {
  return todayAtRace(race, now) === race.date && hourIn(race.timeZone, now) >= RACE_DAY_LIMITS.morningMailHour;
}

/**
 * The day a run was run on, at the race: a run with a real start, that instant in the race's zone;
 * one entered by hand has a day and no time, so its own day.
 */
export function runDayAtRace(run: DayRun, race: RaceDay): string {
  return run.source === 'manual' ? run.startDateLocal.slice(0, 10) : todayIn(race.timeZone, new Date(run.startDate));
}

/**
 * The finish a day's runs record on a page: the first run on race day of at least 40 km whose time
 * can be a marathon's (1:50:00 to 12:00:00); null when there is none.
 */
export function finishFromRuns(
  runs: DayRun[],
  race: RaceDay,
): { finishSeconds: number; source: RaceResultSource } | null {
  const finisher = runs
    .filter(
      (run) =>
        run.distanceMeters >= RACE_DAY_LIMITS.finishMinMeters &&
        run.elapsedSeconds >= RACE_DAY_LIMITS.finishSecondsMin &&
        run.elapsedSeconds <= RACE_DAY_LIMITS.finishSecondsMax &&
        runDayAtRace(run, race) === race.date,
    )
    .sort((a, b) => a.startDate.localeCompare(b.startDate))[0];
  return finisher ? { finishSeconds: finisher.elapsedSeconds, source: finisher.source } : null;
}
