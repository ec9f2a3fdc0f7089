import { describe, expect, it, jest } from '@jest/globals';
import type { SubscriptionCheck } from '@runpledge/contracts';
import { ServiceException } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import type { LifetimeCodesService } from '../lifetime-codes/lifetime-codes.service.js';
import type { CheckoutSessionParams, StripeClient } from '../stripe/stripe.client.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { CheckoutService } from './checkout.service.js';

const USER = '6f1c1c3e-8a43-4c55-9a39-0c7f3f0a6a11';
const command = {
  userId: USER,
  email: 'runner@example.com',
  successUrl: 'https://runpledge.example/payment?success=true',
  cancelUrl: 'https://runpledge.example/payment?canceled=true',
};
const status = (s: SubscriptionCheck['status']): SubscriptionCheck => ({
  status: s,
  hasAccess: s !== 'none' && s !== 'canceled',
  lifetimeAccess: s === 'lifetime',
  trialEndsAt: null,
  currentPeriodEnd: null,
});

function setUp({ current = status('none'), lifetime = false, promotion = null as string | null } = {}) {
  const sessions: CheckoutSessionParams[] = [];
  const stripe = {
    testMode: true,
    findOrCreateMonthlyPrice: jest.fn(async () => 'price_1'),
    findActivePromotionCode: jest.fn(async () => promotion),
    createCheckoutSession: jest.fn(async (params: CheckoutSessionParams) => {
      sessions.push(params);
      return { id: 'cs_1', url: 'https://checkout.example/c/pay/cs_1' };
    }),
  };
  const subscriptions = {
    check: jest.fn(async () => current),
    customerIdFor: jest.fn(async () => 'cus_1'),
  };
  const lifetimeCodes = { redeem: jest.fn(async () => lifetime) };
  const service = new CheckoutService(
    stripe as unknown as StripeClient,
    subscriptions as unknown as SubscriptionsService,
    lifetimeCodes as unknown as LifetimeCodesService,
    { info: jest.fn(), warn: jest.fn() } as unknown as Logger,
  );
  return { service, stripe, lifetimeCodes, sessions };
}

describe('CheckoutService.create', () => {
  it('opens Checkout for the monthly price with the session id in the success URL', async () => {
    const { service, sessions } = setUp();
    await expect(service.create(command)).resolves.toEqual({ url: 'https://checkout.example/c/pay/cs_1' });
    expect(sessions[0]).toMatchObject({
      userId: USER,
      customerId: 'cus_1',
      priceId: 'price_1',
      successUrl: 'https://runpledge.example/payment?success=true&session_id={CHECKOUT_SESSION_ID}',
      promotionCodeId: undefined,
    });
  });

  it('gives a repeated request the same idempotency key, and a different request another', async () => {
    const { service, sessions } = setUp();
    await service.create(command);
    await service.create(command);
    await service.create({ ...command, cancelUrl: 'https://runpledge.example/payment?canceled=true&x=1' });
    expect(sessions[0]!.idempotencyKey).toBe(sessions[1]!.idempotencyKey);
    expect(sessions[2]!.idempotencyKey).not.toBe(sessions[0]!.idempotencyKey);
  });

  it('grants lifetime access for a lifetime code without opening Checkout', async () => {
    const { service, stripe } = setUp({ lifetime: true });
    await expect(service.create({ ...command, discountCode: 'forever' })).resolves.toMatchObject({
      lifetimeAccess: true,
    });
    expect(stripe.createCheckoutSession).not.toHaveBeenCalled();
  });

  it('answers a runner who already has lifetime access without spending a code', async () => {
    const { service, lifetimeCodes } = setUp({ current: status('lifetime') });
    await expect(service.create({ ...command, discountCode: 'FOREVER' })).resolves.toMatchObject({
      lifetimeAccess: true,
    });
    expect(lifetimeCodes.redeem).not.toHaveBeenCalled();
  });

  it('applies a Stripe promotion code, and refuses a code that is neither', async () => {
    const { service, sessions } = setUp({ promotion: 'promo_1' });
    await service.create({ ...command, discountCode: 'RUN50' });
    expect(sessions[0]!.promotionCodeId).toBe('promo_1');

    const unknown = setUp();
    await expect(unknown.service.create({ ...command, discountCode: 'NOPE' })).rejects.toThrow(
      new ServiceException('BAD_REQUEST', 'Invalid discount code'),
    );
  });

  it('refuses a second subscription while one is trialing or active', async () => {
    const { service } = setUp({ current: status('trialing') });
    await expect(service.create(command)).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
