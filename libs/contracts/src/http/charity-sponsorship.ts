import { z } from 'zod';
import { subscriptionStatusSchema } from '../product/subscription-access.js';
import { siteUrl } from './subscription.js';

/** Runner places a charity buys (API.md "Charities"): $4 each a month, through Stripe Checkout. */
export const SPONSORSHIP = {
  seatPriceUsd: 4,
  /** Places one Checkout may buy; more come through the billing portal. */
  maxSeats: 500,
  /** Days before a known end of a place (the charity cancelled at period end) its runner is mailed. */
  endingNoticeDays: 7,
} as const;

export const SPONSORSHIP_MESSAGES = {
  seatsInvalid: `seats must be a whole number from 1 to ${SPONSORSHIP.maxSeats}`,
  alreadySubscribed: 'The charity already buys runner places: change how many in the billing portal.',
  noPlacesToManage: 'This charity has no runner places to manage yet: buy places first.',
  noFreeSeat: 'Every runner place is given: buy more places first.',
  notLive: "The charity's runner places are not active.",
  pageNotNamingCharity: 'That page does not name this charity.',
  charityNotFound: 'Charity not found',
  notAdmin: 'Only an admin of the charity can do this',
  seatNotFound: 'That runner has no place from this charity.',
  communityUnavailable: 'Charities are temporarily unavailable. Please try again in a few seconds.',
} as const;

/** The state of a charity's runner places: bought, given, and its Stripe subscription's status. */
export const sponsorshipSchema = z.object({
  seats: z.number().int().nonnegative(),
  used: z.number().int().nonnegative(),
  status: subscriptionStatusSchema,
});
export type Sponsorship = z.infer<typeof sponsorshipSchema>;

/** Body of POST /api/charities/{id}/sponsorship/checkout; where Checkout returns to is on this site (the console by default). */
export const sponsorshipCheckoutRequestSchema = z.object({
  successUrl: siteUrl('successUrl must be a URL on this site').optional(),
  cancelUrl: siteUrl('cancelUrl must be a URL on this site').optional(),
  seats: z
    .number(SPONSORSHIP_MESSAGES.seatsInvalid)
    .int(SPONSORSHIP_MESSAGES.seatsInvalid)
    .min(1, SPONSORSHIP_MESSAGES.seatsInvalid)
    .max(SPONSORSHIP.maxSeats, SPONSORSHIP_MESSAGES.seatsInvalid),
});
export type SponsorshipCheckoutRequest = z.infer<typeof sponsorshipCheckoutRequestSchema>;
export const sponsorshipCheckoutResponseSchema = z.object({ url: z.url() });

/** Body of POST /api/charities/{id}/sponsorship/portal; the portal returns to a page on this site (the dashboard by default). */
export const sponsorshipPortalRequestSchema = z.object({
  returnUrl: siteUrl('returnUrl must be a URL on this site').optional(),
});
export type SponsorshipPortalRequest = z.infer<typeof sponsorshipPortalRequestSchema>;
export const sponsorshipPortalResponseSchema = z.object({ url: z.url() });
export type SponsorshipPortalResponse = z.infer<typeof sponsorshipPortalResponseSchema>;

/** Body of POST /api/charities/{id}/sponsorship/seats. */
export const assignSeatRequestSchema = z.object({ runnerProfileId: z.uuid('Invalid runner profile id') });
export type AssignSeatRequest = z.infer<typeof assignSeatRequestSchema>;
