/**
 * Race day (API.md "Events and race day"): a page's race result, its followers and the runner's
 * thank-you. Limits, wording and the race-day calendar rules, shared by the web app, the gateway
 * and profiles.
 */

export const RACE_RESULT_STATUSES = ['finished', 'did_not_finish'] as const;
export type RaceResultStatus = (typeof RACE_RESULT_STATUSES)[number];

/** Where a finish came from: a run of the runner's (each activity source), or typed by the owner (`manual`). */
export const RACE_RESULT_SOURCES = ['strava', 'upload', 'manual'] as const;
export type RaceResultSource = (typeof RACE_RESULT_SOURCES)[number];

export const FOLLOWER_STATUSES = ['pending_confirmation', 'confirmed'] as const;
export type FollowerStatus = (typeof FOLLOWER_STATUSES)[number];

export const RACE_DAY_LIMITS = {
  /** 1:50:00: faster than any marathon ever run. */
  finishSecondsMin: 110 * 60,
  /** 12:00:00. */
  finishSecondsMax: 12 * 3600,
  /** A run on race day at least this long records the finish by itself. */
  finishMinMeters: 40_000,
  /** A race-day run told this many days after race day or later records nothing: the runner records it by hand. */
  finishTellDays: 14,
  followerName: 100,
  thankYouMessage: 2000,
  /** The runner's thank-you goes at most once in this many days. */
  thankYouEveryDays: 7,
  /** An unconfirmed follow lapses after this long. */
  confirmationHours: 48,
  /** The page says "still raising until" this many days after race day unless the runner chooses. */
  raisingDaysAfterRace: 30,
  /** The runner may keep raising for at most this many days after race day. */
  raisingDaysMax: 365,
  /** The race-day morning mail goes from this local hour of the race's time zone. */
  morningMailHour: 6,
} as const;

/** `h:mm:ss` of a finish time in seconds. */
export function formatFinishTime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

export const RACE_DAY_MESSAGES = {
  statusInvalid: 'The status must be finished, did_not_finish or null',
  finishRequired: 'Please enter the finish time',
  finishRange: `The finish time must be between ${formatFinishTime(RACE_DAY_LIMITS.finishSecondsMin)} and ${formatFinishTime(RACE_DAY_LIMITS.finishSecondsMax)}`,
  beforeRaceDay: 'The race result can be recorded from race day on',
  nameTooLong: `Your name can be at most ${RACE_DAY_LIMITS.followerName} characters`,
  confirmLinkInvalid: 'This confirmation link is invalid or has expired.',
  thankYouRequired: 'Please write your thank-you',
  thankYouTooLong: `The thank-you can be at most ${RACE_DAY_LIMITS.thankYouMessage} characters`,
  thankYouBeforeRaceDay: 'The thank-you can be sent from race day on',
  thankYouTooSoon: `A thank-you was sent in the last ${RACE_DAY_LIMITS.thankYouEveryDays} days: the next one can go a week after it`,
  raisingUntilBeforeRace: 'The last day of raising must be on or after race day',
  raisingUntilTooLate: 'The last day of raising can be at most a year after race day',
} as const;

/** The hour (0-23) it is at `now` in `timeZone`. */
export function hourIn(timeZone: string, now: Date): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now);
  return Number(hour);
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Why `raisingUntil` cannot end raising for a race on `raceDay` (both `YYYY-MM-DD`), or null when it can. */
export function raisingUntilProblem(raceDay: string, raisingUntil: string): string | null {
  if (raisingUntil < raceDay) return RACE_DAY_MESSAGES.raisingUntilBeforeRace;
  if (raisingUntil > addDays(raceDay, RACE_DAY_LIMITS.raisingDaysMax)) return RACE_DAY_MESSAGES.raisingUntilTooLate;
  return null;
}
