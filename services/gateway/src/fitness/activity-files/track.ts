// Figures computed from a track's points when the file does not carry its own totals.

export interface TrackPoint {
  lat?: number;
  lon?: number;
  /** Milliseconds since the epoch. */
  time?: number;
  elevation?: number;
}

const EARTH_RADIUS_METERS = 6_371_008.8;
/** Slower than this between two points is standing still (a pause the watch did not mark). */
const MOVING_SPEED_MPS = 0.3;
/** A rise smaller than this from the last low is GPS or barometer noise, not a climb. */
const ELEVATION_NOISE_METERS = 2;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in meters (haversine). */
export function haversineMeters(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

const hasPosition = (p: TrackPoint): p is TrackPoint & { lat: number; lon: number } =>
  p.lat !== undefined && p.lon !== undefined;

/** Distance along the segments (a new segment starts after a pause: the gap is not run). */
export function trackDistanceMeters(segments: TrackPoint[][]): number {
  let total = 0;
  for (const segment of segments) {
    let previous: (TrackPoint & { lat: number; lon: number }) | undefined;
    for (const point of segment) {
      if (!hasPosition(point)) continue;
      if (previous) total += haversineMeters(previous, point);
      previous = point;
    }
  }
  return total;
}

/**
 * Time in motion: the time between consecutive points of a segment, unless the runner stood still
 * meanwhile (slower than a slow walk); the gaps between segments (pauses) never count.
 */
export function movingTimeSeconds(segments: TrackPoint[][]): number {
  let total = 0;
  for (const segment of segments) {
    let previous: TrackPoint | undefined;
    for (const point of segment) {
      if (point.time === undefined) continue;
      if (previous?.time !== undefined) {
        const seconds = (point.time - previous.time) / 1000;
        const meters = hasPosition(point) && hasPosition(previous) ? haversineMeters(previous, point) : undefined;
        // Without positions (a treadmill) every interval counts.
        if (seconds > 0 && (meters === undefined || meters / seconds >= MOVING_SPEED_MPS)) total += seconds;
      }
      previous = point;
    }
  }
  return Math.round(total);
}

/** Sum of the climbs, each counted from the last low once it rises past the noise. */
export function elevationGainMeters(segments: TrackPoint[][]): number {
  let gain = 0;
  for (const segment of segments) {
    let low: number | undefined;
    for (const { elevation } of segment) {
      if (elevation === undefined) continue;
      if (low === undefined || elevation < low) low = elevation;
      else if (elevation - low >= ELEVATION_NOISE_METERS) {
        gain += elevation - low;
        low = elevation;
      }
    }
  }
  return gain;
}

/**
 * First to last recorded moment, pauses included: the run's time on the clock (a race's finish time).
 * A loop, not a spread: a track of hundreds of thousands of points overflows the call stack.
 */
export function elapsedTimeSeconds(segments: TrackPoint[][]): number | undefined {
  let [earliest, latest, timed] = [Infinity, -Infinity, 0];
  for (const segment of segments)
    for (const { time } of segment) {
      if (time === undefined) continue;
      timed += 1;
      if (time < earliest) earliest = time;
      if (time > latest) latest = time;
    }
  return timed < 2 ? undefined : Math.round((latest - earliest) / 1000);
}

/** The first point's time, if any point has one. */
export function firstTime(segments: TrackPoint[][]): number | undefined {
  for (const segment of segments) for (const point of segment) if (point.time !== undefined) return point.time;
  return undefined;
}
