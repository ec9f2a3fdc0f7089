import { z } from 'zod';
import {
  DISTANCE_UNITS,
  PLEDGE_COUNTS,
  PLEDGE_DISTANCE_SOURCES,
  PLEDGE_LIMITS,
  PLEDGE_MESSAGES,
  PLEDGE_STATUSES,
} from '../product/pledges.js';
import { textField } from '../product/text.js';
import { emailSchema } from './auth.js';
import { supporterNameSchema } from './encouragement.js';
import { pageNumberSchema } from './page-number.js';

const twoDecimals = (n: number) => Math.round(n * 100) === Math.round(n * 100 * 1e6) / 1e6;

const rateSchema = z.coerce
  .number({ error: PLEDGE_MESSAGES.rateRequired })
  .refine(Number.isFinite, { error: PLEDGE_MESSAGES.rateRequired, abort: true })
  .min(PLEDGE_LIMITS.rateMin, PLEDGE_MESSAGES.rateRange)
  .max(PLEDGE_LIMITS.rateMax, PLEDGE_MESSAGES.rateRange)
  .refine(twoDecimals, PLEDGE_MESSAGES.rateDecimals);

const capSchema = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.coerce
    .number({ error: PLEDGE_MESSAGES.capNumber })
    .refine(Number.isFinite, { error: PLEDGE_MESSAGES.capNumber, abort: true })
    .max(PLEDGE_LIMITS.capMax, PLEDGE_MESSAGES.capRange)
    .refine(twoDecimals, PLEDGE_MESSAGES.capDecimals)
    .nullable(),
);

/** POST /api/runner-profile/{id}/pledges. */
export const createPledgeRequestSchema = z
  .object({
    name: supporterNameSchema(PLEDGE_MESSAGES.nameRequired),
    email: emailSchema,
    ratePerUnit: z.preprocess((value) => (value === '' || value === null ? undefined : value), rateSchema),
    cap: capSchema.optional().transform((value) => value ?? null),
    counts: z.enum(PLEDGE_COUNTS, { error: PLEDGE_MESSAGES.countsInvalid }),
    message: textField('The message', { error: 'The message must be text' })
      .trim()
      .max(PLEDGE_LIMITS.message, PLEDGE_MESSAGES.messageTooLong)
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .superRefine((value, ctx) => {
    if (value.cap !== null && value.cap < value.ratePerUnit)
      ctx.addIssue({ code: 'custom', path: ['cap'], message: PLEDGE_MESSAGES.capBelowRate });
  });
export type CreatePledgeRequest = z.infer<typeof createPledgeRequestSchema>;

const tokenSchema = (message: string) => textField('token', { error: message }).min(1, message).max(200, message);

/** POST /api/pledges/confirm: the token of the confirmation link. */
export const confirmPledgeRequestSchema = z.object({ token: tokenSchema(PLEDGE_MESSAGES.confirmLinkInvalid) });
export type ConfirmPledgeRequest = z.infer<typeof confirmPledgeRequestSchema>;

/** POST /api/pledges/{id}/paid|cancel|unsubscribe: the token of the supporter's own mails. */
export const pledgeTokenRequestSchema = z.object({ token: tokenSchema(PLEDGE_MESSAGES.linkInvalid) });
export type PledgeTokenRequest = z.infer<typeof pledgeTokenRequestSchema>;

/** Meters counted by source, in the page's unit. */
export const pledgeDistanceSourcesSchema = z.object(
  Object.fromEntries(PLEDGE_DISTANCE_SOURCES.map((s) => [s, z.number()])) as Record<
    (typeof PLEDGE_DISTANCE_SOURCES)[number],
    z.ZodNumber
  >,
);
export type PledgeDistanceSources = z.infer<typeof pledgeDistanceSourcesSchema>;

/** `pledge` of API.md: what the supporter who made it sees (never their e-mail). */
export const pledgeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  ratePerUnit: z.number(),
  unit: z.enum(DISTANCE_UNITS),
  cap: z.number().nullable(),
  counts: z.enum(PLEDGE_COUNTS),
  status: z.enum(PLEDGE_STATUSES),
  distanceCounted: z.number(),
  earned: z.number(),
  /**
   * The currency (ISO 4217) of `ratePerUnit`, `cap` and `earned`: the page's when the pledge was made,
   * kept when the page changes currency later (as `unit` is).
   */
  currency: z.string(),
  createdAt: z.iso.datetime(),
});
export type Pledge = z.infer<typeof pledgeSchema>;

export const pledgeResponseSchema = z.object({ pledge: pledgeSchema });
export type PledgeResponse = z.infer<typeof pledgeResponseSchema>;

/** A confirmed pledge as a page's visitors see it. */
export const publicPledgeSchema = pledgeSchema.pick({
  name: true,
  ratePerUnit: true,
  cap: true,
  counts: true,
  earned: true,
  status: true,
  unit: true,
  currency: true,
});
export type PublicPledge = z.infer<typeof publicPledgeSchema>;

/** The sums of a page's pledges made in one currency (amounts are never added across currencies). */
export const pledgeCurrencyTotalSchema = z.object({
  currency: z.string(),
  count: z.number().int(),
  /** Per the summary's `unit`. */
  ratePerUnitTotal: z.number(),
  earned: z.number(),
  paid: z.number(),
});
export type PledgeCurrencyTotal = z.infer<typeof pledgeCurrencyTotalSchema>;

/**
 * The page's pledges in sum: `count` confirmed pledges (active, due or paid) whatever their currency,
 * `distanceCounted` the longest window any of them counts (with its `sources`). Amounts are summed per
 * currency in `totals` (the page's own currency first, then by count); `currency`, `ratePerUnitTotal`,
 * `earned` and `paid` are the first of them (the page's currency and zeros without pledges).
 */
export const pledgeSummarySchema = z.object({
  count: z.number().int(),
  ratePerUnitTotal: z.number(),
  unit: z.enum(DISTANCE_UNITS),
  distanceCounted: z.number(),
  sources: pledgeDistanceSourcesSchema,
  earned: z.number(),
  paid: z.number(),
  currency: z.string(),
  totals: z.array(pledgeCurrencyTotalSchema),
});
export type PledgeSummary = z.infer<typeof pledgeSummarySchema>;

/** `?page=` of a page's pledge lists (50 a page). */
export const pledgesPageQuerySchema = z.object({ page: pageNumberSchema });

/** GET /api/runner-profile/{id}/pledges: confirmed pledges, largest rate first, 50 a page. */
export const pagePledgesResponseSchema = z.object({
  summary: pledgeSummarySchema,
  pledges: z.array(publicPledgeSchema),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type PagePledgesResponse = z.infer<typeof pagePledgesResponseSchema>;

/**
 * A pledge in the owner's dashboard: what was pledged, earned so far, the amount due (once it fell
 * due and until paid or cancelled), what was marked paid. Never the supporter's e-mail.
 */
export const ownerPledgeSchema = pledgeSchema.extend({
  message: z.string().nullable(),
  due: z.number(),
  paid: z.number(),
  confirmedAt: z.iso.datetime().nullable(),
  dueAt: z.iso.datetime().nullable(),
  paidAt: z.iso.datetime().nullable(),
});
export type OwnerPledge = z.infer<typeof ownerPledgeSchema>;

/** GET /api/runner-profile/{id}/pledges/manage (owner): newest first, 50 a page; `due` per currency too. */
export const managePledgesResponseSchema = z.object({
  summary: pledgeSummarySchema.extend({
    due: z.number(),
    closedAt: z.iso.datetime().nullable(),
    totals: z.array(pledgeCurrencyTotalSchema.extend({ due: z.number() })),
  }),
  pledges: z.array(ownerPledgeSchema),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type ManagePledgesResponse = z.infer<typeof managePledgesResponseSchema>;

/** POST /api/runner-profile/{id}/pledges/close: how many pledges fell due now. */
export const closePledgesResponseSchema = z.object({ due: z.number().int() });
export type ClosePledgesResponse = z.infer<typeof closePledgesResponseSchema>;

/** POST /api/pledges/{id}/unsubscribe. */
export const unsubscribePledgeResponseSchema = z.object({ success: z.literal(true) });
