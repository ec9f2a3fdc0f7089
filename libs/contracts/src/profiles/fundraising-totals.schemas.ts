import { z } from 'zod';
import { FUNDRAISING_LIMITS } from './fundraising-totals.js';

// Kept apart from fundraising-totals.ts so a page that shows totals does not bundle zod.
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
