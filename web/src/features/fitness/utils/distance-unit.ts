import { BUSINESS, type ProfileView } from '@runpledge/contracts';

/** The unit a page shows distances in; every distance typed or read on its fitness page follows it. */
export type DistanceUnit = 'mi' | 'km';

const METERS_PER: Record<DistanceUnit, number> = { mi: 1 / BUSINESS.metersToMiles, km: 1000 };

/** The page's unit: miles unless the page says kilometers. */
export function distanceUnitOf(page: Pick<ProfileView, 'id'> & { distanceUnit?: DistanceUnit }): DistanceUnit {
  return page.distanceUnit === 'km' ? 'km' : 'mi';
}

/** 10012.5 m → "6.22 mi" or "10.01 km". */
export function formatDistance(meters: number, unit: DistanceUnit): string {
  return `${(meters / METERS_PER[unit]).toFixed(2)} ${unit}`;
}

/** A distance for a form field in the unit (two decimals, no trailing zeros). */
export function distanceFieldValue(meters: number, unit: DistanceUnit): string {
  return String(Math.round((meters / METERS_PER[unit]) * 100) / 100);
}

/** What the runner typed in the unit, as the kilometers the API takes. */
export function toKilometers(value: number, unit: DistanceUnit): number {
  return (value * METERS_PER[unit]) / 1000;
}

/** The largest distance the API takes, in the unit (for the form's message). */
export function maxDistanceIn(kilometers: number, unit: DistanceUnit): number {
  return Math.floor((kilometers * 1000) / METERS_PER[unit]);
}

/** 301.4 s/km → "5:01 /km" or "8:05 /mi"; null when the activity has no distance. */
export function formatPace(secondsPerKm: number | null, unit: DistanceUnit): string | null {
  if (secondsPerKm === null || !Number.isFinite(secondsPerKm) || secondsPerKm <= 0) return null;
  const rounded = Math.round((secondsPerKm * METERS_PER[unit]) / 1000);
  return `${Math.floor(rounded / 60)}:${String(rounded % 60).padStart(2, '0')} /${unit}`;
}
