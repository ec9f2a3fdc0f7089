import type { SubscriptionStatus } from '@runpledge/contracts';
import type { MappedSubscription } from '../stripe/map-stripe-subscription.util.js';

export interface StoredSubscription {
  status: SubscriptionStatus;
  stripeSubscriptionId: string | null;
}

export const LIVE_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['trialing', 'active', 'past_due']);
const LIVE = LIVE_STATUSES;

/**
 * Whether what Stripe says about a subscription should become the runner's state. Lifetime access
 * is never taken back by Stripe, and news about an older subscription does not end a live newer one.
 */
export function shouldApply(stored: StoredSubscription, incoming: MappedSubscription): boolean {
  if (stored.status === 'lifetime') return false;
  const sameSubscription =
    stored.stripeSubscriptionId === null || stored.stripeSubscriptionId === incoming.stripeSubscriptionId;
  return sameSubscription || !LIVE.has(stored.status) || LIVE.has(incoming.status);
}

/** A Stripe subscription that still bills the runner: to cancel when a lifetime code replaces it. */
export function billsStill(stored: StoredSubscription): boolean {
  return stored.stripeSubscriptionId !== null && LIVE.has(stored.status);
}

/** A row made only to be locked: no Stripe customer, no subscription, no status yet. */
export function isBlank(stored: StoredSubscription & { stripeCustomerId: string | null }): boolean {
  return stored.status === 'none' && stored.stripeSubscriptionId === null && stored.stripeCustomerId === null;
}
