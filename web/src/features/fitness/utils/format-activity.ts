/** 10012.5 m → "10.01 km" (the fitness page shows km, spec 9). */
export function formatKm(meters: number): string {
  return `${(meters / 1000).toFixed(2)} km`;
}

/** 3725 s → "1:02:05"; 605 s → "10:05". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** 301.4 s/km → "5:01 /km"; null when the activity has no distance. */
export function formatPacePerKm(secondsPerKm: number | null): string | null {
  if (secondsPerKm === null || !Number.isFinite(secondsPerKm) || secondsPerKm <= 0) return null;
  const rounded = Math.round(secondsPerKm);
  return `${Math.floor(rounded / 60)}:${String(rounded % 60).padStart(2, '0')} /km`;
}

/** Today's date in the browser's time zone, as `YYYY-MM-DD` (the latest training start date allowed). */
export function localToday(now: Date = new Date()): string {
  const offsetMs = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offsetMs).toISOString().slice(0, 10);
}
