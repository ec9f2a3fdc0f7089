import { z } from 'zod';

export const SUBSCRIPTION_STATUSES = ['none', 'trialing', 'active', 'past_due', 'canceled', 'lifetime'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** Days a page stays live after a failed payment, while Stripe retries the card. */
export const PAST_DUE_GRACE_DAYS = 7;
const PAST_DUE_GRACE_MS = PAST_DUE_GRACE_DAYS * 24 * 60 * 60 * 1000;

/**
 * Whether a runner's page is live: trial, paid, lifetime, or past due within the 7-day grace.
 * One rule for billing's check and profiles' `published` flag.
 */
export function hasAccess(status: SubscriptionStatus, currentPeriodEnd: Date | null, now = new Date()): boolean {
  switch (status) {
    case 'trialing':
    case 'active':
    case 'lifetime':
      return true;
    case 'past_due':
      return currentPeriodEnd !== null && now.getTime() - currentPeriodEnd.getTime() < PAST_DUE_GRACE_MS;
    case 'none':
    case 'canceled':
      return false;
  }
}
