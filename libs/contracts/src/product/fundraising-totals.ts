import type { DonationPlatform } from './donation-links.js';

/** Where a page's raised amount and donor count come from (API.md `totalsSource`). */
export const TOTALS_SOURCES = ['donordrive', 'justgiving', 'manual'] as const;
export type TotalsSource = (typeof TOTALS_SOURCES)[number];

export const TOTALS_PLATFORM_NAMES: Record<Exclude<TotalsSource, 'manual'>, string> = {
  donordrive: 'DonorDrive',
  justgiving: 'JustGiving',
};

/**
 * DonorDrive always has its public API; JustGiving only when a key is configured. Haku and other
 * links have no API: the owner enters totals by hand.
 */
export function totalsSourceFor(platform: DonationPlatform, justGivingAvailable: boolean): TotalsSource {
  if (platform === 'donordrive') return 'donordrive';
  if (platform === 'justgiving' && justGivingAvailable) return 'justgiving';
  return 'manual';
}

/** 400 when the owner types totals a platform provides. */
export function totalsComeFromMessage(source: Exclude<TotalsSource, 'manual'>): string {
  return `Totals come from ${TOTALS_PLATFORM_NAMES[source]}`;
}

export const FUNDRAISING_LIMITS = {
  goalMax: 10_000_000,
  raisedMax: 100_000_000,
  donorsMax: 10_000_000,
  /** INTEGRATIONS.md: ask a platform at most once every 15 s per participant. */
  minSyncIntervalMs: 15_000,
  donationsPageSize: 10,
  /** The newest donations kept per page for its donor wall. */
  donationsKept: 500,
} as const;

/** Percentages of the goal whose first crossing e-mails the owner once each. */
export const FUNDRAISING_MILESTONES = [25, 50, 75, 100] as const;
export type FundraisingMilestone = (typeof FUNDRAISING_MILESTONES)[number];

/** The milestones `raised` has reached for `goal` (none without a goal). */
export function milestonesReached(raised: string | number, goal: string | number): FundraisingMilestone[] {
  const r = Number(raised);
  const g = Number(goal);
  if (!Number.isFinite(r) || !Number.isFinite(g) || g <= 0) return [];
  // Cents, so 25.00 of 100.00 counts as 25 % whatever floating point says.
  const raisedCents = Math.round(r * 100);
  const goalCents = Math.round(g * 100);
  return FUNDRAISING_MILESTONES.filter((m) => raisedCents * 100 >= goalCents * m);
}

/** ISO 4217 currencies of hand-typed totals and of teams. */
export const FUNDRAISING_CURRENCIES = ['USD', 'GBP', 'EUR', 'CAD', 'AUD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK'] as const;
export type FundraisingCurrency = (typeof FUNDRAISING_CURRENCIES)[number];
export const CURRENCY_MESSAGE = `The currency must be one of ${FUNDRAISING_CURRENCIES.join(', ')}`;
