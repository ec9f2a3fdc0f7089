import { Decoder, Stream } from '@garmin/fitsdk';
import type { ParsedActivity } from './activity-summary.js';
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

type Message = Record<string, unknown>;

/** FIT stores positions in semicircles (2^31 per 180°). */
const SEMICIRCLE_DEGREES = 180 / 2 ** 31;

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const time = (value: unknown) =>
  value instanceof Date && !Number.isNaN(value.getTime()) ? value.getTime() : undefined;
const sum = (values: (number | undefined)[]) =>
  values.every((v) => v !== undefined) && values.length > 0 ? values.reduce((a, v) => a + v!, 0) : undefined;

/** The largest value, by a loop: spreading hundreds of thousands of records overflows the call stack. */
const largest = (values: number[]) => values.reduce((max, v) => (v > max ? v : max), -Infinity);

/** FIT's header says so (bytes 8–11 are ".FIT"): a quick look before anything is decoded. */
export function isFit(bytes: Uint8Array): boolean {
  return Decoder.isFIT(fitStream(bytes.subarray(0, Math.min(bytes.length, 16))));
}

function fitStream(bytes: Uint8Array): Stream {
  return Stream.fromArrayBuffer(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
}

/**
 * A FIT activity file, read with Garmin's FIT SDK: its sessions' totals (distance, timer time,
 * elapsed time, ascent, sport) when present, else the records' track.
 */
export function parseFit(bytes: Uint8Array): ParsedActivity {
  const decoder = new Decoder(fitStream(bytes));
  if (!decoder.checkIntegrity())
    throw new UnreadableFileError('the FIT file is damaged (its size or check sum is wrong)');
  const { messages, errors } = decoder.read({ mergeHeartRates: false, includeUnknownData: false });
  if (errors.length > 0)
    throw new UnreadableFileError(`the FIT file is damaged (${String((errors[0] as Error)?.message ?? errors[0])})`);
  const sessions = (messages.sessionMesgs ?? []) as Message[];
  const records = (messages.recordMesgs ?? []) as Message[];
  const [activity] = (messages.activityMesgs ?? []) as Message[];
  if (sessions.length === 0 && records.length === 0) throw new UnreadableFileError('it holds no activity');

  const track: TrackPoint[] = records.map((record) => {
    const lat = num(record.positionLat);
    const lon = num(record.positionLong);
    return {
      lat: lat === undefined ? undefined : lat * SEMICIRCLE_DEGREES,
      lon: lon === undefined ? undefined : lon * SEMICIRCLE_DEGREES,
      time: time(record.timestamp),
      elevation: num(record.enhancedAltitude) ?? num(record.altitude),
    };
  });
  const recordDistances = records.map((record) => num(record.distance)).filter((d) => d !== undefined);
  const [first] = sessions;
  const startTime = time(first?.startTime) ?? firstTime([track]);
  const localTimestamp = num(activity?.localTimestamp);
  const timestamp = time(activity?.timestamp);
  // `localTimestamp` is seconds since the FIT epoch on the runner's clock; `timestamp` a UTC Date.
  const utcOffsetMinutes =
    localTimestamp !== undefined && timestamp !== undefined
      ? Math.round(((localTimestamp + 631_065_600) * 1000 - timestamp) / 60_000)
      : undefined;
  return {
    sportType: sportType(first?.sport, first?.subSport),
    distanceMeters:
      sum(sessions.map((s) => num(s.totalDistance))) ??
      (recordDistances.length > 0 ? largest(recordDistances) : trackDistanceMeters([track])),
    movingTimeSeconds:
      sum(sessions.map((s) => num(s.totalMovingTime) ?? num(s.totalTimerTime))) ?? movingTimeSeconds([track]),
    elevationGainMeters: sum(sessions.map((s) => num(s.totalAscent))) ?? elevationGainMeters([track]),
    // The watch's clock time, pauses included (a race's finish time): the sessions', else first to last record.
    elapsedTimeSeconds: sum(sessions.map((s) => num(s.totalElapsedTime))) ?? elapsedTimeSeconds([track]),
    startTime,
    utcOffsetMinutes:
      utcOffsetMinutes !== undefined && Math.abs(utcOffsetMinutes) <= 14 * 60 ? utcOffsetMinutes : undefined,
  };
}
