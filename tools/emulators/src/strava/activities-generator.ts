/**
 * A deterministic training history: the same seed, count and end time always give the same
 * activities. Mostly runs (easy runs in the week, a long run at the weekend, some tempo runs) at a
 * pace that suits the athlete, and some rides, spread over the last months.
 */

export interface StravaActivity {
  id: number;
  athleteId: number;
  name: string;
  description: string | null;
  sportType: 'Run' | 'TrailRun' | 'Ride' | 'Walk';
  /** Start time, unix seconds (UTC). */
  start: number;
  utcOffset: number;
  timezone: string;
  distance: number;
  movingTime: number;
  elapsedTime: number;
  totalElevationGain: number;
  averageHeartrate: number | null;
  private: boolean;
  /** Who may see it on Strava; a private activity is always `only_me`. */
  visibility?: StravaVisibility;
  manual: boolean;
  kudosCount: number;
}

export type StravaVisibility = 'everyone' | 'followers_only' | 'only_me';
export const STRAVA_VISIBILITIES: readonly StravaVisibility[] = ['everyone', 'followers_only', 'only_me'];

export interface GeneratorOptions {
  seed: number;
  count: number;
  athleteId: number;
  /** Ids are handed out upwards from here, oldest activity first. */
  firstActivityId: number;
  /** The newest activity starts before this (unix seconds). */
  endAt: number;
  timezone?: { name: string; utcOffset: number };
}

/** Arizona keeps one offset all year, so local times are stable. */
export const DEFAULT_TIMEZONE = { name: '(GMT-07:00) America/Phoenix', utcOffset: -7 * 3600 };

/** mulberry32: small, fast and good enough for test data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400;

export function generateActivities(options: GeneratorOptions): StravaActivity[] {
  const random = seededRandom(options.seed);
  const between = (min: number, max: number) => min + (max - min) * random();
  const tz = options.timezone ?? DEFAULT_TIMEZONE;
  // The athlete's easy pace in seconds per km: 4:50 to 6:30.
  const easyPace = between(290, 390);
  const planned: Array<Omit<StravaActivity, 'id'>> = [];
  // Walk back in time from the day before endAt, one activity every day or two.
  let localDay = Math.floor((options.endAt + tz.utcOffset) / DAY) - 1;
  for (let i = 0; i < options.count; i++) {
    localDay -= i === 0 ? 0 : random() < 0.55 ? 1 : 2;
    const weekday = new Date(localDay * DAY * 1000).getUTCDay();
    const isWeekend = weekday === 0 || weekday === 6;
    const roll = random();
    let sportType: StravaActivity['sportType'];
    let distance: number;
    let speed: number;
    let climbPerKm: number;
    let label: string;
    if (roll < 0.18) {
      sportType = 'Ride';
      distance = between(18_000, isWeekend ? 85_000 : 45_000);
      speed = between(22, 30) / 3.6;
      climbPerKm = between(4, 14);
      label = 'Ride';
    } else if (roll < 0.22) {
      sportType = 'Walk';
      distance = between(2_500, 7_000);
      speed = between(4.5, 5.8) / 3.6;
      climbPerKm = between(2, 10);
      label = 'Walk';
    } else if (isWeekend && random() < 0.6) {
      sportType = random() < 0.15 ? 'TrailRun' : 'Run';
      distance = between(16_000, 32_000);
      speed = 1000 / (easyPace + between(10, 35));
      climbPerKm = sportType === 'TrailRun' ? between(25, 45) : between(5, 15);
      label = sportType === 'TrailRun' ? 'Trail Run' : 'Long Run';
    } else if (random() < 0.25) {
      sportType = 'Run';
      distance = between(6_000, 12_000);
      speed = 1000 / (easyPace - between(35, 60));
      climbPerKm = between(3, 10);
      label = 'Tempo Run';
    } else {
      sportType = 'Run';
      distance = between(5_000, 13_000);
      speed = 1000 / (easyPace + between(-10, 20));
      climbPerKm = between(3, 14);
      label = 'Run';
    }
    const localHour = isWeekend ? between(6.5, 10) : random() < 0.6 ? between(5.5, 8) : between(11.5, 19.5);
    const localStart = localDay * DAY + Math.round(localHour * 3600);
    const movingTime = Math.round(distance / speed);
    const stops = label === 'Ride' || label === 'Long Run' ? between(0.02, 0.12) : between(0, 0.05);
    planned.push({
      athleteId: options.athleteId,
      name: activityName(label, localHour),
      description: null,
      sportType,
      start: localStart - tz.utcOffset,
      utcOffset: tz.utcOffset,
      timezone: tz.name,
      distance: Math.round(distance * 10) / 10,
      movingTime,
      elapsedTime: Math.round(movingTime * (1 + stops)),
      totalElevationGain: Math.round((distance / 1000) * climbPerKm * 10) / 10,
      averageHeartrate: sportType === 'Walk' ? null : Math.round(between(128, 162) * 10) / 10,
      private: random() < 0.03,
      manual: false,
      kudosCount: Math.floor(between(0, 14)),
    });
  }
  return planned
    .sort((a, b) => a.start - b.start)
    .map((activity, index) => ({ ...activity, id: options.firstActivityId + index }));
}

/** "Morning Run", "Long Run", "Lunch Ride": like Strava's automatic names. */
export function activityName(label: string, localHour: number): string {
  if (label === 'Long Run' || label === 'Tempo Run' || label === 'Trail Run') return label;
  const part =
    localHour < 11
      ? 'Morning'
      : localHour < 14
        ? 'Lunch'
        : localHour < 17
          ? 'Afternoon'
          : localHour < 21
            ? 'Evening'
            : 'Night';
  return `${part} ${label}`;
}

/** Strava's summary representation (resource_state 2); there is never a `map` or coordinates. */
export function toSummary(activity: StravaActivity): Record<string, unknown> {
  const averageSpeed = activity.movingTime > 0 ? activity.distance / activity.movingTime : 0;
  return {
    resource_state: 2,
    athlete: { id: activity.athleteId, resource_state: 1 },
    name: activity.name,
    distance: activity.distance,
    moving_time: activity.movingTime,
    elapsed_time: activity.elapsedTime,
    total_elevation_gain: activity.totalElevationGain,
    type: activity.sportType === 'TrailRun' ? 'Run' : activity.sportType,
    sport_type: activity.sportType,
    workout_type:
      activity.name === 'Long Run' ? 2 : activity.sportType === 'Run' || activity.sportType === 'TrailRun' ? 0 : null,
    id: activity.id,
    start_date: isoSeconds(activity.start),
    // Strava writes local time with a Z, although it is not UTC.
    start_date_local: isoSeconds(activity.start + activity.utcOffset),
    timezone: activity.timezone,
    utc_offset: activity.utcOffset,
    location_city: null,
    location_state: null,
    location_country: null,
    achievement_count: 0,
    kudos_count: activity.kudosCount,
    comment_count: 0,
    athlete_count: 1,
    photo_count: 0,
    trainer: false,
    commute: false,
    manual: activity.manual,
    private: activity.private,
    visibility: activity.private ? 'only_me' : (activity.visibility ?? 'everyone'),
    flagged: false,
    gear_id: null,
    average_speed: round3(averageSpeed),
    max_speed: round3(averageSpeed * 1.35),
    has_heartrate: activity.averageHeartrate !== null,
    ...(activity.averageHeartrate !== null
      ? { average_heartrate: activity.averageHeartrate, max_heartrate: Math.round(activity.averageHeartrate + 18) }
      : {}),
    heartrate_opt_out: false,
    display_hide_heartrate_option: activity.averageHeartrate !== null,
    upload_id: activity.manual ? null : activity.id * 7,
    external_id: activity.manual ? null : `garmin_push_${activity.id}`,
    from_accepted_tag: false,
    pr_count: 0,
    total_photo_count: 0,
    has_kudoed: false,
  };
}

/** The detailed representation of `GET /activities/{id}` (resource_state 3). */
export function toDetail(activity: StravaActivity): Record<string, unknown> {
  const summary = toSummary(activity);
  const isRide = activity.sportType === 'Ride';
  return {
    ...summary,
    resource_state: 3,
    description: activity.description,
    calories: Math.round((activity.distance / 1000) * (isRide ? 25 : 62)),
    device_name: activity.manual ? null : 'Garmin Forerunner 265',
    embed_token: null,
    photos: { primary: null, count: 0 },
    gear: null,
    segment_efforts: [],
    splits_metric: [],
    laps: [],
    best_efforts: [],
    hide_from_home: false,
  };
}

function isoSeconds(unix: number): string {
  return new Date(unix * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
