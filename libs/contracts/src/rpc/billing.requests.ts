import { z } from 'zod';
import {
  billingPortalRequestSchema,
  createCheckoutRequestSchema,
  reconcileCheckoutRequestSchema,
} from '../http/subscription.js';
import {
  assignSeatRequestSchema,
  sponsorshipCheckoutRequestSchema,
  sponsorshipPortalRequestSchema,
} from '../http/charity-sponsorship.js';

// What the gateway asks billing, beside the HTTP bodies: the caller's id (and e-mail) from the session.

export const subscriptionCheckRequestSchema = z.object({ userId: z.uuid() });

/** What the gateway asks billing: the caller's id and e-mail from the session, never from the body. */
export const createCheckoutCommandSchema = createCheckoutRequestSchema.extend({ email: z.email() });
export type CreateCheckoutCommand = z.infer<typeof createCheckoutCommandSchema>;

export const reconcileCheckoutCommandSchema = reconcileCheckoutRequestSchema.extend({ userId: z.uuid() });

export const billingPortalCommandSchema = billingPortalRequestSchema.extend({ userId: z.uuid() });

/** A Stripe webhook delivery as the gateway forwards it: the raw body and its signature header. */
export const stripeEventDeliverySchema = z.object({
  payload: z.string().min(1),
  signature: z.string(),
});
export type StripeEventDelivery = z.infer<typeof stripeEventDeliverySchema>;

/** A charity's runner places, asked by the caller (an admin of the charity, checked by billing with community). */
export const sponsorshipQuerySchema = z.object({ userId: z.uuid(), charityId: z.uuid() });
export type SponsorshipQuery = z.infer<typeof sponsorshipQuerySchema>;

export const sponsorshipCheckoutCommandSchema = sponsorshipCheckoutRequestSchema.extend({
  userId: z.uuid(),
  email: z.email(),
  charityId: z.uuid(),
});
export type SponsorshipCheckoutCommand = z.infer<typeof sponsorshipCheckoutCommandSchema>;

export const sponsorshipPortalCommandSchema = sponsorshipPortalRequestSchema.extend({
  userId: z.uuid(),
  charityId: z.uuid(),
});
export type SponsorshipPortalCommand = z.infer<typeof sponsorshipPortalCommandSchema>;

export const seatCommandSchema = assignSeatRequestSchema.extend({ userId: z.uuid(), charityId: z.uuid() });
export type SeatCommand = z.infer<typeof seatCommandSchema>;
