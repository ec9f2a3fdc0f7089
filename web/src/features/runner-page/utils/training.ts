import { BUSINESS } from '@runpledge/contracts';

/** "3h 45m" from the goal time; null when no goal was set (both 0). */
export function formatGoalTime(hours: number, minutes: number): string | null {
  if (!hours && !minutes) return null;
  return `${hours}h ${String(minutes).padStart(2, '0')}m`;
}

export function metersToMiles(meters: number): number {
  return meters * BUSINESS.metersToMiles;
}

/** 1:02:03 or 42:05. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Pace per mile ("8:45 /mi") from the distance and time of a run; null when it has no distance. */
export function pacePerMile(distanceMeters: number, durationSeconds: number): string | null {
  const miles = metersToMiles(distanceMeters);
  if (miles <= 0 || durationSeconds <= 0) return null;
  const secondsPerMile = Math.round(durationSeconds / miles);
  return `${Math.floor(secondsPerMile / 60)}:${String(secondsPerMile % 60).padStart(2, '0')} /mi`;
}
