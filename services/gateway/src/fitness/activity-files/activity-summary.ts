import { FITNESS_LIMITS, type UploadedActivitySummary } from '@runpledge/contracts';
import { UnreadableFileError } from './unreadable-file.error.js';

/** What a parser found, before it is checked and shaped into the summary sent to fitness. */
export interface ParsedActivity {
  name?: string;
  sportType: string;
  distanceMeters: number;
  movingTimeSeconds: number;
  /** The run's clock time, pauses included: the file's own total, else first to last recorded moment. */
  elapsedTimeSeconds?: number;
  elevationGainMeters: number;
  /** Milliseconds since the epoch. */
  startTime: number | undefined;
  /** Minutes the runner's clock was ahead of UTC at the start, when the file says. */
  utcOffsetMinutes?: number;
}

// Control characters never reach a stored name (the API refuses them in typed text too).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** The run's name: the file's own, else the file name without its extension, else "Run". */
export function runName(own: string | undefined, fileName: string): string {
  const clean = (text: string | undefined) =>
    (text ?? '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim().slice(0, FITNESS_LIMITS.activityNameMax).trim();
  return clean(own) || clean(fileName.replace(/\.[^.]*$/, '')) || 'Run';
}

/** Checks what the parser found against what a run can be and shapes the summary fitness stores. */
export function toSummary(parsed: ParsedActivity, fileName: string, now = Date.now()): UploadedActivitySummary {
  if (parsed.startTime === undefined || !Number.isFinite(parsed.startTime))
    throw new UnreadableFileError('it has no start time');
  if (parsed.startTime > now + 24 * 3600_000) throw new UnreadableFileError('its start time is in the future');
  if (!(parsed.distanceMeters > 0)) throw new UnreadableFileError('it records no distance');
  if (parsed.distanceMeters > FITNESS_LIMITS.manualDistanceKmMax * 1000)
    throw new UnreadableFileError(`its distance is more than ${FITNESS_LIMITS.manualDistanceKmMax} km`);
  if (!(parsed.movingTimeSeconds > 0)) throw new UnreadableFileError('it records no moving time');
  if (parsed.movingTimeSeconds > FITNESS_LIMITS.manualDurationSecondsMax)
    throw new UnreadableFileError('its moving time is longer than a week');
  const start = new Date(Math.round(parsed.startTime / 1000) * 1000);
  const local = new Date(start.getTime() + (parsed.utcOffsetMinutes ?? 0) * 60_000);
  return {
    name: runName(parsed.name, fileName),
    sportType: parsed.sportType,
    distanceMeters: Math.round(parsed.distanceMeters * 10) / 10,
    movingTimeSeconds: Math.round(parsed.movingTimeSeconds),
    ...elapsedOf(parsed),
    elevationGainMeters: Math.min(
      FITNESS_LIMITS.manualElevationMetersMax,
      Math.round(Math.max(0, parsed.elevationGainMeters) * 10) / 10,
    ),
    startDate: start.toISOString(),
    startDateLocal: local.toISOString().slice(0, 19),
  };
}

/** The elapsed time when the file gives one that can be true (at least the moving time, at most a week). */
function elapsedOf(parsed: ParsedActivity): { elapsedTimeSeconds?: number } {
  const elapsed = parsed.elapsedTimeSeconds;
  if (elapsed === undefined || !Number.isFinite(elapsed)) return {};
  const seconds = Math.round(elapsed);
  if (seconds < Math.round(parsed.movingTimeSeconds) || seconds > FITNESS_LIMITS.manualDurationSecondsMax) return {};
  return { elapsedTimeSeconds: seconds };
}
