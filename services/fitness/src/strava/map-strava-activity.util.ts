import type { ActivitySource } from '@runpledge/contracts';
import type { StravaActivity } from './strava.types.js';

/** An activity as the activities table stores it, whatever its source. */
export interface ActivityRecord {
  source: ActivitySource;
  externalId: string | null;
  name: string;
  sportType: string;
  distanceMeters: number;
  durationSeconds: number;
  /** Start to finish, pauses included (a race's finish time); null when the source does not say. */
  elapsedSeconds: number | null;
  elevationGainMeters: number;
  startDate: Date;
  /** Wall-clock start where it happened (`YYYY-MM-DDTHH:mm:ss`): weeks are counted in the runner's time. */
  startDateLocal: string;
  /**
   * Whether anyone may see it. A Strava activity that is private or shown only to followers (or
   * whose visibility Strava did not say) stays with its runner, whatever their consent.
   */
  visibleToAll: boolean;
}

const finite = (value: number | null | undefined): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;

/** Strava's activity JSON to our record; never reads maps, routes or anything else we may not show. */
export function mapStravaActivity(activity: StravaActivity): ActivityRecord {
  const startDate = new Date(activity.start_date);
  if (Number.isNaN(startDate.getTime())) throw new Error(`Strava activity ${activity.id} has no valid start_date`);
  const local = activity.start_date_local
    ? activity.start_date_local.replace(/Z$/, '').slice(0, 19)
    : activity.start_date.slice(0, 19);
  return {
    source: 'strava',
    externalId: String(activity.id),
    name: (activity.name ?? '').trim().slice(0, 255) || 'Strava activity',
    sportType: activity.sport_type || activity.type || 'Workout',
    distanceMeters: Math.max(0, finite(activity.distance)),
    durationSeconds: Math.max(0, Math.round(finite(activity.moving_time) || finite(activity.elapsed_time))),
    elapsedSeconds: finite(activity.elapsed_time) > 0 ? Math.round(finite(activity.elapsed_time)) : null,
    elevationGainMeters: Math.max(0, finite(activity.total_elevation_gain)),
    startDate,
    startDateLocal: local,
    visibleToAll: activity.private === false && activity.visibility === 'everyone',
  };
}
