import { describe, expect, it } from '@jest/globals';
import {
  mapStripeSubscription,
  subscriptionIdOfInvoice,
  type StripeSubscriptionFields,
} from './map-stripe-subscription.util.js';

const DAY = 86_400;
const start = 1_795_000_000;

function subscription(overrides: Partial<StripeSubscriptionFields>): StripeSubscriptionFields {
  return {
    id: 'sub_1',
    status: 'trialing',
    customer: 'cus_1',
    trial_end: start + 30 * DAY,
    ended_at: null,
    metadata: { userId: 'user-1' },
    items: { data: [{ current_period_start: start, current_period_end: start + 30 * DAY }] },
    ...overrides,
  };
}

describe('mapStripeSubscription', () => {
  it('maps a trial with its end date and our user id from the metadata', () => {
    expect(mapStripeSubscription(subscription({}))).toEqual({
      stripeSubscriptionId: 'sub_1',
      stripeCustomerId: 'cus_1',
      userId: 'user-1',
      status: 'trialing',
      trialEndsAt: new Date((start + 30 * DAY) * 1000),
      currentPeriodEnd: new Date((start + 30 * DAY) * 1000),
    });
  });

  it('counts a past-due subscription as owing since its current period started', () => {
    const mapped = mapStripeSubscription(
      subscription({
        status: 'past_due',
        items: { data: [{ current_period_start: start + 30 * DAY, current_period_end: start + 60 * DAY }] },
      }),
    );
    expect(mapped.status).toBe('past_due');
    expect(mapped.currentPeriodEnd).toEqual(new Date((start + 30 * DAY) * 1000));
  });

  it('treats unpaid as past due, and paused or expired as canceled', () => {
    expect(mapStripeSubscription(subscription({ status: 'unpaid' })).status).toBe('past_due');
    expect(mapStripeSubscription(subscription({ status: 'paused' })).status).toBe('canceled');
    expect(mapStripeSubscription(subscription({ status: 'incomplete_expired' })).status).toBe('canceled');
    expect(mapStripeSubscription(subscription({ status: 'incomplete' })).status).toBe('none');
  });

  it('ends a canceled subscription when Stripe ended it', () => {
    const mapped = mapStripeSubscription(subscription({ status: 'canceled', ended_at: start + 40 * DAY }));
    expect(mapped).toMatchObject({ status: 'canceled', currentPeriodEnd: new Date((start + 40 * DAY) * 1000) });
  });

  it('reads an expanded customer object and missing metadata', () => {
    const mapped = mapStripeSubscription(
      subscription({ customer: { id: 'cus_2' } as StripeSubscriptionFields['customer'], metadata: {} }),
    );
    expect(mapped).toMatchObject({ stripeCustomerId: 'cus_2', userId: null });
  });
});

describe('subscriptionIdOfInvoice', () => {
  it('finds the subscription under the invoice parent, or none for a one-off invoice', () => {
    const parent = { subscription_details: { subscription: 'sub_9' } };
    expect(subscriptionIdOfInvoice({ parent } as never)).toBe('sub_9');
    expect(subscriptionIdOfInvoice({ parent: null })).toBeNull();
  });
});
