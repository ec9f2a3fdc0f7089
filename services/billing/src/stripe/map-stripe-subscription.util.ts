import type { SubscriptionStatus } from '@runpledge/contracts';
import type Stripe from 'stripe';

/** The fields of a Stripe subscription billing reads. */
export type StripeSubscriptionFields = Pick<
  Stripe.Subscription,
  'id' | 'status' | 'customer' | 'trial_end' | 'ended_at' | 'metadata'
> & {
  items: { data: Array<Pick<Stripe.SubscriptionItem, 'current_period_start' | 'current_period_end'>> };
};

/** A Stripe subscription in billing's terms. */
export interface MappedSubscription {
  stripeSubscriptionId: string;
  stripeCustomerId: string;
  /** Our user id, from the metadata checkout put on the subscription. */
  userId: string | null;
  status: SubscriptionStatus;
  trialEndsAt: Date | null;
  /** The end of the time the runner has paid for (or been given): see `paidThrough`. */
  currentPeriodEnd: Date | null;
}

export function mapStripeSubscription(subscription: StripeSubscriptionFields): MappedSubscription {
  const status = mapStatus(subscription.status);
  return {
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: idOf(subscription.customer),
    userId: subscription.metadata?.userId ?? null,
    status,
    trialEndsAt: fromEpoch(subscription.trial_end),
    currentPeriodEnd: paidThrough(subscription, status),
  };
}

function mapStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'trialing':
      return 'trialing';
    case 'active':
      return 'active';
    // Stripe still retries (past_due) or has given up but keeps the subscription open (unpaid):
    // both are a payment owed, and the past-due grace decides whether the page stays live.
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    // A trial that ended without a payment method pauses: no access until it is resumed.
    case 'paused':
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    // Checkout not finished: nothing granted yet.
    case 'incomplete':
      return 'none';
    default:
      return 'none';
  }
}

/**
 * Since when a payment is owed is what the past-due grace counts from. Stripe moves the period on
 * when it tries to charge, so for a past-due subscription that moment is the start of the current
 * period, not its end; otherwise it is the end of the current period (Stripe keeps periods per item).
 */
function paidThrough(subscription: StripeSubscriptionFields, status: SubscriptionStatus): Date | null {
  const item = subscription.items.data[0];
  if (status === 'canceled') return fromEpoch(subscription.ended_at) ?? fromEpoch(item?.current_period_end);
  if (!item) return fromEpoch(subscription.trial_end);
  return fromEpoch(status === 'past_due' ? item.current_period_start : item.current_period_end);
}

/** The subscription an invoice belongs to (Stripe's `parent.subscription_details` since API 2025-03). */
export function subscriptionIdOfInvoice(invoice: Pick<Stripe.Invoice, 'parent'>): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  return subscription ? idOf(subscription) : null;
}

/** Stripe sends a related object either as its id or, when expanded, as the object. */
export function idOf(value: string | { id: string }): string {
  return typeof value === 'string' ? value : value.id;
}

function fromEpoch(seconds: number | null | undefined): Date | null {
  return seconds === null || seconds === undefined ? null : new Date(seconds * 1000);
}
