/**
 * Pledges per mile (API.md "Pledges per mile"): a supporter promises an amount per mile or km of the
 * runner's runs (training) or of the marathon itself (race), with an optional cap. Limits, wording
 * and the earned-amount rule, shared by the web forms, the gateway and the profiles service.
 */

/** The unit a page counts distance in; `mi` unless the runner chooses kilometres. */
export const DISTANCE_UNITS = ['mi', 'km'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
export const DEFAULT_DISTANCE_UNIT: DistanceUnit = 'mi';
export const METERS_PER_UNIT: Record<DistanceUnit, number> = { mi: 1609.344, km: 1000 };
/** The marathon, as a race pledge counts it. */
export const MARATHON_DISTANCE: Record<DistanceUnit, number> = { mi: 26.2, km: 42.195 };

/** What a pledge counts: the runs from its confirmation to race day, or the race itself. */
export const PLEDGE_COUNTS = ['training', 'race'] as const;
export type PledgeCounts = (typeof PLEDGE_COUNTS)[number];

export const PLEDGE_STATUSES = ['pending_confirmation', 'active', 'due', 'paid', 'cancelled'] as const;
export type PledgeStatus = (typeof PLEDGE_STATUSES)[number];

/** The links of a supporter's own mails: POST /api/pledges/{id}/{action} with the mail's token. */
export const PLEDGE_LINK_ACTIONS = ['paid', 'cancel', 'unsubscribe'] as const;
export type PledgeLinkAction = (typeof PLEDGE_LINK_ACTIONS)[number];

/** Where a counted run came from (API.md "Activity files"): every source counts. */
export const PLEDGE_DISTANCE_SOURCES = ['strava', 'manual', 'upload'] as const;
export type PledgeDistanceSource = (typeof PLEDGE_DISTANCE_SOURCES)[number];

export const PLEDGE_LIMITS = {
  name: 100,
  message: 500,
  rateMin: 0.01,
  rateMax: 1000,
  capMax: 1_000_000,
  /** An unconfirmed pledge lapses after this long. */
  confirmationHours: 48,
  /** Reminders while a due pledge is unpaid, in days after it fell due; then none. */
  reminderDays: [3, 7],
  /** Pledges a page of a list holds (public and owner's lists alike). */
  listPageSize: 50,
} as const;

export const PLEDGE_MESSAGES = {
  nameRequired: 'Please enter your name',
  nameTooLong: `Your name can be at most ${PLEDGE_LIMITS.name} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  rateRequired: 'Please enter an amount per unit',
  rateRange: `The amount per unit must be between 0.01 and ${PLEDGE_LIMITS.rateMax.toLocaleString('en-US')}`,
  rateDecimals: 'The amount per unit can have at most 2 decimals',
  capNumber: 'The cap must be a number',
  capBelowRate: 'The cap must be at least the amount per unit',
  capRange: `The cap can be at most ${PLEDGE_LIMITS.capMax.toLocaleString('en-US')}`,
  capDecimals: 'The cap can have at most 2 decimals',
  countsInvalid: 'Please choose whether the pledge counts training or the race',
  messageTooLong: `The message can be at most ${PLEDGE_LIMITS.message} characters`,
  /** POST /api/pledges/confirm: a bad, used or lapsed token. */
  confirmLinkInvalid: 'This confirmation link is invalid or has expired.',
  /** A paid, cancel or unsubscribe link whose token is not the pledge's. */
  linkInvalid: 'This link is invalid or has expired.',
  notFound: 'Pledge not found',
  /** Cancel works until the pledge is marked paid (a due pledge too: its reminders stop). */
  cancelTooLate: 'This pledge is marked paid and can no longer be cancelled',
  notDueYet: 'This pledge has not fallen due yet',
  cancelled: 'This pledge was cancelled',
  /** A new pledge on a page whose runner has finished (closed, or race day passed). */
  closed: 'This runner has finished: pledges are closed',
} as const;

/** Whole cents of an amount, rounded half up (never a float drift like 2.675 → 2.67). */
export function toCents(amount: number): number {
  return Math.round(Number((amount * 100).toFixed(6)));
}

/** `earned = min(cap, ratePerUnit × distanceCounted)`, to the cent. */
export function pledgeEarned(ratePerUnit: number, distanceCounted: number, cap: number | null): number {
  const cents = toCents(ratePerUnit * distanceCounted);
  const capped = cap === null ? cents : Math.min(cents, toCents(cap));
  return capped / 100;
}

/** A distance in meters in the page's unit, to two decimals. */
export function metersToUnit(meters: number, unit: DistanceUnit): number {
  return Math.round((meters / METERS_PER_UNIT[unit]) * 100) / 100;
}
