import { z } from 'zod';
import { CURRENCY_MESSAGE, FUNDRAISING_CURRENCIES, FUNDRAISING_LIMITS } from '../product/fundraising-totals.js';

// Kept apart from product/fundraising-totals.ts so a page that shows totals does not bundle zod.
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

/** ISO 4217 currency of hand-typed totals and of a team. */
export const currencySchema = z.enum(FUNDRAISING_CURRENCIES, { error: CURRENCY_MESSAGE });
