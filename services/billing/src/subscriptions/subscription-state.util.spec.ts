import { describe, expect, it } from '@jest/globals';
import type { MappedSubscription } from '../stripe/map-stripe-subscription.util.js';
import { billsStill, shouldApply } from './subscription-state.util.js';

const incoming = (overrides: Partial<MappedSubscription>): MappedSubscription => ({
  stripeSubscriptionId: 'sub_new',
  stripeCustomerId: 'cus_1',
  userId: 'user-1',
  status: 'trialing',
  trialEndsAt: null,
  currentPeriodEnd: null,
  ...overrides,
});

describe('shouldApply', () => {
  it('applies the first subscription and news about the current one', () => {
    expect(shouldApply({ status: 'none', stripeSubscriptionId: null }, incoming({}))).toBe(true);
    expect(shouldApply({ status: 'trialing', stripeSubscriptionId: 'sub_new' }, incoming({ status: 'canceled' }))).toBe(
      true,
    );
  });

  it('never lets Stripe take lifetime access back', () => {
    expect(shouldApply({ status: 'lifetime', stripeSubscriptionId: 'sub_new' }, incoming({ status: 'canceled' }))).toBe(
      false,
    );
  });

  it('lets a new subscription replace an ended one, but not an old one end a live one', () => {
    expect(shouldApply({ status: 'canceled', stripeSubscriptionId: 'sub_old' }, incoming({}))).toBe(true);
    expect(
      shouldApply(
        { status: 'active', stripeSubscriptionId: 'sub_new' },
        incoming({ stripeSubscriptionId: 'sub_old', status: 'canceled' }),
      ),
    ).toBe(false);
  });
});

describe('billsStill', () => {
  it('is true only for a live Stripe subscription', () => {
    expect(billsStill({ status: 'trialing', stripeSubscriptionId: 'sub_1' })).toBe(true);
    expect(billsStill({ status: 'canceled', stripeSubscriptionId: 'sub_1' })).toBe(false);
    expect(billsStill({ status: 'lifetime', stripeSubscriptionId: null })).toBe(false);
  });
});
