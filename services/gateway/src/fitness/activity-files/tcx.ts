import type { ParsedActivity } from './activity-summary.js';
import { arrayOf, child, numberOf, textOf, timeOf } from './xml-document.js';
import { sportType } from './sport-type.js';
import {
  elapsedTimeSeconds,
  elevationGainMeters,
  firstTime,
  movingTimeSeconds,
  trackDistanceMeters,
  type TrackPoint,
} from './track.js';
import { UnreadableFileError } from './unreadable-file.error.js';

/**
 * A Garmin TCX file's first activity: distance and time from its laps' own totals (DistanceMeters,
 * TotalTimeSeconds: the watch's timer, pauses left out) when present, else from the track.
 */
export function parseTcx(database: unknown): ParsedActivity {
  const [activity] = arrayOf(child(child(database, 'Activities'), 'Activity'));
  if (!activity) throw new UnreadableFileError('it holds no activity');
  const laps = arrayOf(activity.Lap);
  if (laps.length === 0) throw new UnreadableFileError('its activity has no laps');
  const segments: TrackPoint[][] = laps.flatMap((lap) =>
    arrayOf(lap.Track).map((track) =>
      arrayOf(child(track, 'Trackpoint')).map((point) => ({
        lat: numberOf(child(point.Position, 'LatitudeDegrees')),
        lon: numberOf(child(point.Position, 'LongitudeDegrees')),
        time: timeOf(point.Time),
        elevation: numberOf(point.AltitudeMeters),
      })),
    ),
  );
  const lapTotal = (field: string) => {
    const values = laps.map((lap) => numberOf(lap[field]));
    return values.every((value) => value !== undefined) ? values.reduce((sum, v) => sum + v!, 0) : undefined;
  };
  return {
    name: textOf(activity.Notes),
    sportType: sportType(textOf(activity['@_Sport'])),
    distanceMeters: lapTotal('DistanceMeters') ?? trackDistanceMeters(segments),
    movingTimeSeconds: lapTotal('TotalTimeSeconds') ?? movingTimeSeconds(segments),
    elapsedTimeSeconds: elapsedTimeSeconds(segments),
    elevationGainMeters: elevationGainMeters(segments),
    startTime: timeOf(laps[0]!['@_StartTime']) ?? timeOf(activity.Id) ?? firstTime(segments),
  };
}
