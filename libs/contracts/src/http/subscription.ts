import { z } from 'zod';
import { subscriptionStatusSchema } from '../product/subscription-access.js';
import { textField } from '../product/text.js';

export const subscriptionCheckSchema = z.object({
  status: subscriptionStatusSchema,
  hasAccess: z.boolean(),
  lifetimeAccess: z.boolean(),
  trialEndsAt: z.iso.datetime().nullable(),
  currentPeriodEnd: z.iso.datetime().nullable(),
});
export type SubscriptionCheck = z.infer<typeof subscriptionCheckSchema>;

/**
 * A URL the app sends to Stripe, in the form the WHATWG parser gives it: `http://l\uFEFFocalhost/`
 * passes the on-this-site check as `http://localhost/`, so that is what goes on (Stripe refused the
 * raw one, which answered 503).
 */
export const siteUrl = (message: string) => z.url(message).transform((url) => new URL(url).href);

export const INVALID_DISCOUNT_CODE_MESSAGE = 'Invalid discount code';
export const LIFETIME_ACCESS_MESSAGE = 'Your code gives you lifetime access: your page is live, with nothing to pay.';
export const DISCOUNT_CODE_MAX_LENGTH = 64;

/** Body of POST /api/subscription/create-checkout (spec 7). */
export const createCheckoutRequestSchema = z.object({
  userId: z.uuid('Invalid user id'),
  successUrl: siteUrl('successUrl must be a URL on this site'),
  cancelUrl: siteUrl('cancelUrl must be a URL on this site'),
  /** Trimmed; empty or null means no code. */
  discountCode: textField('The discount code')
    .trim()
    .max(DISCOUNT_CODE_MAX_LENGTH, INVALID_DISCOUNT_CODE_MESSAGE)
    .nullish()
    .transform((code) => code || undefined),
});
export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequestSchema>;

/** Stripe Checkout's URL, or (a lifetime code) nothing to pay: the page is live at once. */
export const createCheckoutResponseSchema = z.union([
  z.object({ url: z.url() }),
  z.object({ lifetimeAccess: z.literal(true), message: z.string() }),
]);
export type CreateCheckoutResponse = z.infer<typeof createCheckoutResponseSchema>;

/** Body of POST /api/subscription/reconcile: the Checkout Session id the success URL carried back. */
export const reconcileCheckoutRequestSchema = z.object({
  sessionId: textField('sessionId').trim().min(1, 'sessionId is required').max(255, 'Invalid checkout session'),
});

/** Body of POST /api/subscription/portal: where Stripe's customer portal sends the runner back. */
export const billingPortalRequestSchema = z.object({
  returnUrl: siteUrl('returnUrl must be a URL on this site'),
});

export const billingPortalResponseSchema = z.object({ url: z.url() });
export type BillingPortalResponse = z.infer<typeof billingPortalResponseSchema>;

/** GET /api/subscription/config: test mode shows a badge on /payment. */
export const billingConfigSchema = z.object({ testMode: z.boolean() });
export type BillingConfig = z.infer<typeof billingConfigSchema>;
