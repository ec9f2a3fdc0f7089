import { z } from 'zod';
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

const twoDecimals = (n: number) => Math.round(n * 100) === Math.round(n * 100 * 1e6) / 1e6;

/** A decimal amount typed by the owner; '' and null clear it (0). */
const amount = (label: string, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null ? 0 : value),
    z.coerce
      .number({ error: `${label} must be a number` })
      .min(0, `${label} must be between 0 and ${max.toLocaleString('en-US')}`)
      .max(max, `${label} must be between 0 and ${max.toLocaleString('en-US')}`)
      .refine(twoDecimals, `${label} can have at most 2 decimals`),
  );

export const fundraisingGoalSchema = amount('The fundraising goal', FUNDRAISING_LIMITS.goalMax);
export const fundsRaisedSchema = amount('The amount raised', FUNDRAISING_LIMITS.raisedMax);
export const totalDonorsSchema = z.preprocess(
  (value) => (value === '' || value === null ? 0 : value),
  z.coerce
    .number({ error: 'The number of donors must be a whole number' })
    .int('The number of donors must be a whole number')
    .min(0, 'The number of donors cannot be negative')
    .max(FUNDRAISING_LIMITS.donorsMax, 'The number of donors is too large'),
);

/** One donation on the donor wall; `name` null when anonymous, `amount` null when hidden. */
export const donationSchema = z.object({
  name: z.string().nullable(),
  amount: z.string().nullable(),
  currency: z.string(),
  message: z.string().nullable(),
  donatedAt: z.iso.datetime(),
});
export type Donation = z.infer<typeof donationSchema>;

export const donationsPageSchema = z.object({
  donations: z.array(donationSchema),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type DonationsPage = z.infer<typeof donationsPageSchema>;

/** `?page=`: 1 when absent or not a positive whole number. */
export const donationsPageNumberSchema = z.preprocess((value) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 10_000) : 1;
}, z.number().int());

// Request-reply payloads between the gateway and profiles.
export const refreshTotalsCommandSchema = z.object({ userId: z.uuid(), profileId: z.uuid() });
export const listDonationsQuerySchema = z.object({
  profileId: z.uuid(),
  page: donationsPageNumberSchema,
  /** The signed-in caller, when any: an owner sees their unpublished page's donations too. */
  userId: z.uuid().optional(),
});
