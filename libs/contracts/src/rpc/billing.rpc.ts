import { z } from 'zod';
import {
  billingConfigSchema,
  billingPortalResponseSchema,
  createCheckoutResponseSchema,
  subscriptionCheckSchema,
} from '../http/subscription.js';
import {
  sponsorshipCheckoutResponseSchema,
  sponsorshipPortalResponseSchema,
  sponsorshipSchema,
} from '../http/charity-sponsorship.js';
import { BILLING } from './billing.patterns.js';
import {
  billingPortalCommandSchema,
  createCheckoutCommandSchema,
  reconcileCheckoutCommandSchema,
  seatCommandSchema,
  sponsorshipCheckoutCommandSchema,
  sponsorshipPortalCommandSchema,
  sponsorshipQuerySchema,
  stripeEventDeliverySchema,
  subscriptionCheckRequestSchema,
} from './billing.requests.js';
import { emptyRequestSchema, rpcContract } from './rpc-contract.js';

/** What billing did with a Stripe event: applied it, had applied it before, or had nothing to do. */
export const STRIPE_EVENT_OUTCOMES = ['handled', 'duplicate', 'ignored'] as const;
export type StripeEventOutcome = (typeof STRIPE_EVENT_OUTCOMES)[number];
export const stripeEventHandledSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(STRIPE_EVENT_OUTCOMES),
});

/**
 * billing's request-reply patterns: pattern → request schema → response schema (the health ping and
 * the account export are in SHARED_RPC).
 */
export const BILLING_RPC = {
  [BILLING.subscription.check]: rpcContract(subscriptionCheckRequestSchema, subscriptionCheckSchema),
  [BILLING.checkout.create]: rpcContract(createCheckoutCommandSchema, createCheckoutResponseSchema),
  [BILLING.checkout.reconcile]: rpcContract(reconcileCheckoutCommandSchema, subscriptionCheckSchema),
  [BILLING.portal.create]: rpcContract(billingPortalCommandSchema, billingPortalResponseSchema),
  [BILLING.stripeEvent.handle]: rpcContract(stripeEventDeliverySchema, stripeEventHandledSchema),
  [BILLING.config.get]: rpcContract(emptyRequestSchema, billingConfigSchema),
  [BILLING.sponsorship.get]: rpcContract(sponsorshipQuerySchema, sponsorshipSchema),
  [BILLING.sponsorship.checkout]: rpcContract(sponsorshipCheckoutCommandSchema, sponsorshipCheckoutResponseSchema),
  [BILLING.sponsorship.portal]: rpcContract(sponsorshipPortalCommandSchema, sponsorshipPortalResponseSchema),
  [BILLING.sponsorship.assignSeat]: rpcContract(seatCommandSchema, sponsorshipSchema),
  [BILLING.sponsorship.releaseSeat]: rpcContract(seatCommandSchema, sponsorshipSchema),
} as const;
