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

/** A GPX 1.0/1.1 file: its tracks' points (GPX carries no totals, so every figure comes from the track). */
export function parseGpx(gpx: unknown): ParsedActivity {
  const tracks = arrayOf(child(gpx, 'trk'));
  const segments: TrackPoint[][] = tracks.flatMap((track) =>
    arrayOf(track.trkseg).map((segment) =>
      arrayOf(child(segment, 'trkpt')).map((point) => ({
        lat: numberOf(point['@_lat']),
        lon: numberOf(point['@_lon']),
        time: timeOf(point.time),
        elevation: numberOf(point.ele),
      })),
    ),
  );
  if (segments.every((segment) => segment.length === 0)) throw new UnreadableFileError('it has no track points');
  const [first] = tracks;
  return {
    name: textOf(first?.name) ?? textOf(child(child(gpx, 'metadata'), 'name')),
    sportType: sportType(textOf(first?.type)),
    distanceMeters: trackDistanceMeters(segments),
    movingTimeSeconds: movingTimeSeconds(segments),
    elapsedTimeSeconds: elapsedTimeSeconds(segments),
    elevationGainMeters: elevationGainMeters(segments),
    startTime: firstTime(segments) ?? timeOf(child(child(gpx, 'metadata'), 'time')),
  };
}
