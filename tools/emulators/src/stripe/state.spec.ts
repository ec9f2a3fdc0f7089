import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Clock } from '../common/clock.js';
import { StripeApiError } from './errors.js';
import { StripeState, type CheckoutCreateInput } from './state.js';

class FakeClock implements Clock {
  constructor(public ms = Date.UTC(2026, 5, 1, 9)) {}
  nowMs() {
    return this.ms;
  }
}

function checkoutInput(state: StripeState, overrides: Partial<CheckoutCreateInput> = {}): CheckoutCreateInput {
  const price = [...state.prices.values()].find((p) => p.lookup_key === 'runpledge_monthly')!;
  return {
    lineItems: [{ price: price.id, quantity: 1 }],
    successUrl: 'https://app.test/ok?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://app.test/cancel',
    customer: null,
    customerEmail: 'runner@example.com',
    clientReferenceId: 'user_1',
    metadata: {},
    allowPromotionCodes: null,
    discounts: [],
    trialPeriodDays: 30,
    trialEnd: null,
    subscriptionMetadata: { user_id: 'user_1' },
    subscriptionDescription: null,
    expiresAt: null,
    locale: null,
    paymentMethodCollection: null,
    billingAddressCollection: null,
    ...overrides,
  };
}

describe('StripeState', () => {
  let clock: FakeClock;
  let state: StripeState;

  beforeEach(() => {
    clock = new FakeClock();
    state = new StripeState(clock, () => 'http://stripe.test');
  });

  it('seeds the $5/month price under its lookup key', () => {
    const price = [...state.prices.values()].find((p) => p.lookup_key === 'runpledge_monthly');
    expect(price).toMatchObject({
      unit_amount: 500,
      currency: 'usd',
      recurring: { interval: 'month' },
      type: 'recurring',
    });
  });

  it('completes a trial checkout into a trialing subscription with its events', () => {
    const session = state.checkoutSessions.create(checkoutInput(state));
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      url: `http://stripe.test/c/pay/${session.id}`,
    });
    expect(session.id).toMatch(/^cs_test_/);

    const { record, events } = state.checkoutSessions.complete(session.id, { email: null, name: null });
    const sub = state.subscriptions.retrieve(record.session.subscription!).subscription;
    const now = clock.ms / 1000;
    expect(sub).toMatchObject({
      status: 'trialing',
      trial_start: now,
      trial_end: now + 30 * 86_400,
      metadata: { user_id: 'user_1' },
    });
    expect(sub.items.data[0]!.current_period_end).toBe(now + 30 * 86_400);
    expect(record.session).toMatchObject({ status: 'complete', payment_status: 'no_payment_required', url: null });
    expect(state.customers.retrieve(sub.customer).email).toBe('runner@example.com');
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    expect(() => state.checkoutSessions.complete(session.id, { email: null, name: null })).toThrow(StripeApiError);
  });

  it('refuses allow_promotion_codes together with discounts', () => {
    expect(() =>
      state.checkoutSessions.create(checkoutInput(state, { allowPromotionCodes: true, discounts: [{ coupon: 'x' }] })),
    ).toThrow('You may only specify one of these parameters: allow_promotion_codes, discounts.');
  });

  it('ends a trial paid, then bills with the promotion code discount', () => {
    const coupon = state.coupons.create({
      percentOff: 20,
      amountOff: null,
      currency: null,
      duration: 'forever',
      durationInMonths: null,
      name: null,
      maxRedemptions: null,
      redeemBy: null,
      metadata: {},
    });
    const promo = state.promotionCodes.create({
      coupon: coupon.id,
      code: 'RUN20',
      active: true,
      customer: null,
      expiresAt: null,
      maxRedemptions: null,
      metadata: {},
      firstTimeTransaction: false,
    });
    const session = state.checkoutSessions.create(checkoutInput(state, { discounts: [{ promotion_code: promo.id }] }));
    const subId = state.checkoutSessions.complete(session.id, { email: null, name: null }).record.session.subscription!;
    expect(state.promotionCodes.retrieve(promo.id).times_redeemed).toBe(1);

    clock.ms += 86_400_000;
    const result = state.subscriptions.advance(subId, 'paid');
    expect(result.subscription.status).toBe('active');
    expect(result.invoice).toMatchObject({ status: 'paid', subtotal: 500, total: 400, amount_paid: 400 });
    expect(result.invoice!.parent.subscription_details.subscription).toBe(subId);
    expect(result.events.map((e) => e.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);
    expect(result.events[0]!.data.previous_attributes).toMatchObject({ status: 'trialing' });
  });

  it('goes past_due on a failed payment and cancels on the second failure', () => {
    const session = state.checkoutSessions.create(checkoutInput(state));
    const subId = state.checkoutSessions.complete(session.id, { email: null, name: null }).record.session.subscription!;

    const first = state.subscriptions.advance(subId, 'failed');
    expect(first.subscription.status).toBe('past_due');
    expect(first.invoice).toMatchObject({ status: 'open', amount_due: 500, attempt_count: 1 });
    expect(first.events.map((e) => e.type)).toEqual(['customer.subscription.updated', 'invoice.payment_failed']);

    const second = state.subscriptions.advance(subId, 'failed');
    expect(second.subscription).toMatchObject({
      status: 'canceled',
      cancellation_details: { reason: 'payment_failed' },
    });
    expect(second.events.map((e) => e.type)).toEqual(['invoice.payment_failed', 'customer.subscription.deleted']);
    expect(() => state.subscriptions.advance(subId, 'paid')).toThrow(StripeApiError);
  });

  it('recovers a past_due subscription when the retry is paid', () => {
    const session = state.checkoutSessions.create(checkoutInput(state));
    const subId = state.checkoutSessions.complete(session.id, { email: null, name: null }).record.session.subscription!;
    state.subscriptions.advance(subId, 'failed');
    const retry = state.subscriptions.advance(subId, 'paid');
    expect(retry.subscription.status).toBe('active');
    expect(retry.invoice!.status).toBe('paid');
  });

  it('cancels at period end instead of billing when the customer asked to', () => {
    const session = state.checkoutSessions.create(checkoutInput(state));
    const subId = state.checkoutSessions.complete(session.id, { email: null, name: null }).record.session.subscription!;
    const update = state.subscriptions.update(subId, { cancelAtPeriodEnd: true });
    expect(update.subscription.cancel_at).toBe(update.subscription.trial_end);
    expect(update.events[0]!.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    const end = state.subscriptions.advance(subId, 'paid');
    expect(end.subscription.status).toBe('canceled');
    expect(end.events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
  });

  it('applies a code typed on the hosted page and reports a bad one', () => {
    state.promotionCodes.create({
      coupon: state.coupons.create({
        percentOff: null,
        amountOff: 100,
        currency: 'usd',
        duration: 'once',
        durationInMonths: null,
        name: null,
        maxRedemptions: null,
        redeemBy: null,
        metadata: {},
      }).id,
      code: 'DOLLAR',
      active: true,
      customer: null,
      expiresAt: null,
      maxRedemptions: null,
      metadata: {},
      firstTimeTransaction: false,
    });
    const session = state.checkoutSessions.create(checkoutInput(state, { allowPromotionCodes: true }));
    expect(state.checkoutSessions.applyPromotionCodeOnPage(session.id, 'nope').promotionCodeError).toBe(
      'This code is invalid.',
    );
    const record = state.checkoutSessions.applyPromotionCodeOnPage(session.id, 'dollar');
    expect(record.promotionCodeError).toBeNull();
    expect(state.checkoutSessions.amounts(record).recurringAfterDiscount).toBe(400);
  });

  it('expires open sessions after expires_at', () => {
    const session = state.checkoutSessions.create(checkoutInput(state));
    clock.ms += 25 * 3600 * 1000;
    expect(state.checkoutSessions.retrieve(session.id).session.status).toBe('expired');
  });

  it('reset empties everything but the seeded prices', () => {
    state.checkoutSessions.complete(state.checkoutSessions.create(checkoutInput(state)).id, {
      email: null,
      name: null,
    });
    state.reset();
    expect(state.subscriptions.size).toBe(0);
    expect(state.events.size).toBe(0);
    expect(state.prices.size).toBe(1);
  });
});
