import { z } from 'zod';

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
