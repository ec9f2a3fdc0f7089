import { BUSINESS, ErrorCode, SPONSORSHIP } from '@runpledge/contracts';
import { ServiceException } from '@runpledge/server-kit';
import Stripe from 'stripe';
import type { StripeConfig } from './stripe-config.js';

export interface CheckoutSessionParams {
  userId: string;
  customerId: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  /** A Stripe promotion code id to apply; without one the runner may type a code on Checkout. */
  promotionCodeId?: string;
  idempotencyKey: string;
}

export interface SponsorshipCheckoutParams {
  charityId: string;
  customerId: string;
  priceId: string;
  seats: number;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/** Every call billing makes to Stripe (or to the emulator, which speaks the same API). */
export class StripeClient {
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    const base = config.apiBase;
    this.stripe = new Stripe(config.secretKey, {
      // A 5xx, a 409 or a lost connection is retried (twice, with backoff) with the same
      // idempotency key: one effect at Stripe, and the runner sees a failure only if it lasts.
      maxNetworkRetries: 2,
      // A hanging attempt is given up after half the budget, leaving time for one retry; call()
      // holds the whole (retries included) to STRIPE_TIMEOUT_MS. The SDK's default is 80 s.
      timeout: Math.ceil(config.timeoutMs / 2),
      telemetry: false,
      ...(base && {
        host: base.hostname,
        port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
        protocol: base.protocol === 'https:' ? 'https' : 'http',
      }),
    });
  }

  get testMode(): boolean {
    return this.config.testMode;
  }

  /** The monthly price by its lookup key, created with its product the first time. */
  findOrCreateMonthlyPrice(): Promise<string> {
    return this.findOrCreatePrice(this.config.priceLookupKey, 'RunPledge monthly', BUSINESS.monthlyPriceUsd);
  }

  /** The monthly price of one runner place a charity buys (its lookup key follows the runner's). */
  findOrCreateSeatPrice(): Promise<string> {
    return this.findOrCreatePrice(
      `${this.config.priceLookupKey}_runner_place`,
      'RunPledge runner place',
      SPONSORSHIP.seatPriceUsd,
    );
  }

  private findOrCreatePrice(lookupKey: string, productName: string, usd: number): Promise<string> {
    return this.call(async () => {
      const found = await this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
      if (found.data[0]) return found.data[0].id;
      const product = await this.stripe.products.create(
        { name: productName, metadata: { lookupKey } },
        { idempotencyKey: `product:${lookupKey}` },
      );
      const price = await this.stripe.prices.create(
        {
          product: product.id,
          currency: 'usd',
          unit_amount: usd * 100,
          recurring: { interval: 'month' },
          lookup_key: lookupKey,
          nickname: `$${usd}/month`,
        },
        { idempotencyKey: `price:${lookupKey}` },
      );
      return price.id;
    });
  }

  createCustomer(userId: string, email: string): Promise<string> {
    return this.call(async () => {
      const customer = await this.stripe.customers.create(
        { email, metadata: { userId } },
        { idempotencyKey: `customer:${userId}` },
      );
      return customer.id;
    });
  }

  /** The charity's one Stripe customer, billed for its runner places. */
  createCharityCustomer(charityId: string, email: string): Promise<string> {
    return this.call(async () => {
      const customer = await this.stripe.customers.create(
        { email, metadata: { charityId } },
        { idempotencyKey: `charity-customer:${charityId}` },
      );
      return customer.id;
    });
  }

  /** Checkout for `seats` runner places a month: no trial; the charity's id rides on the session and subscription. */
  createSponsorshipCheckoutSession(params: SponsorshipCheckoutParams): Promise<{ id: string; url: string | null }> {
    return this.call(async () => {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: params.customerId,
          client_reference_id: params.charityId,
          line_items: [{ price: params.priceId, quantity: params.seats }],
          subscription_data: { metadata: { charityId: params.charityId } },
          metadata: { charityId: params.charityId },
          success_url: params.successUrl,
          cancel_url: params.cancelUrl,
        },
        { idempotencyKey: params.idempotencyKey },
      );
      return { id: session.id, url: session.url };
    });
  }

  customerEmail(customerId: string): Promise<string | null> {
    return this.call(async () => {
      const customer = await this.stripe.customers.retrieve(customerId);
      return customer.deleted ? null : (customer.email ?? null);
    });
  }

  /** The active promotion code a runner typed (Stripe matches codes case-insensitively), if any. */
  findActivePromotionCode(code: string): Promise<string | null> {
    return this.call(async () => {
      const found = await this.stripe.promotionCodes.list({ code, active: true, limit: 1 });
      return found.data[0]?.id ?? null;
    });
  }

  createCheckoutSession(params: CheckoutSessionParams): Promise<{ id: string; url: string | null }> {
    return this.call(async () => {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: params.customerId,
          client_reference_id: params.userId,
          line_items: [{ price: params.priceId, quantity: 1 }],
          subscription_data: { trial_period_days: BUSINESS.trialDays, metadata: { userId: params.userId } },
          metadata: { userId: params.userId },
          success_url: params.successUrl,
          cancel_url: params.cancelUrl,
          // Stripe refuses both together: a code we already found is applied, else the runner may type one.
          ...(params.promotionCodeId
            ? { discounts: [{ promotion_code: params.promotionCodeId }] }
            : { allow_promotion_codes: true }),
        },
        { idempotencyKey: params.idempotencyKey },
      );
      return { id: session.id, url: session.url };
    });
  }

  retrieveCheckoutSession(sessionId: string): Promise<Stripe.Checkout.Session> {
    return this.call(() => this.stripe.checkout.sessions.retrieve(sessionId));
  }

  retrieveSubscription(subscriptionId: string): Promise<Stripe.Subscription> {
    return this.call(() => this.stripe.subscriptions.retrieve(subscriptionId));
  }

  cancelSubscription(subscriptionId: string): Promise<void> {
    return this.call(async () => {
      await this.stripe.subscriptions.cancel(subscriptionId);
    });
  }

  /**
   * Expires every open Checkout Session of the customer, so none can start a subscription any more.
   * One that completed meanwhile cannot be expired: its subscription is for the caller to cancel.
   */
  expireOpenCheckoutSessions(customerId: string): Promise<string[]> {
    return this.call(async () => {
      const expired: string[] = [];
      const open = this.stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 });
      for await (const session of open) {
        try {
          await this.stripe.checkout.sessions.expire(session.id);
          expired.push(session.id);
        } catch (err) {
          if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        }
      }
      return expired;
    });
  }

  /** Deletes the customer at Stripe (its payment methods go with it); one already gone counts as done. */
  deleteCustomer(customerId: string): Promise<void> {
    return this.call(async () => {
      try {
        await this.stripe.customers.del(customerId);
      } catch (err) {
        if (!(err instanceof Stripe.errors.StripeError && err.code === 'resource_missing')) throw err;
      }
    });
  }

  createPortalSession(customerId: string, returnUrl: string, idempotencyKey: string): Promise<string> {
    return this.call(async () => {
      const session = await this.stripe.billingPortal.sessions.create(
        { customer: customerId, return_url: returnUrl },
        { idempotencyKey },
      );
      return session.url;
    });
  }

  /** Verifies the signature over the raw body; throws when it does not match or is too old. */
  verifyWebhook(payload: string, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(payload, signature, this.config.webhookSecret);
  }

  // A missing object is a 404 for the caller; Stripe unreachable, failing or too slow (over
  // STRIPE_TIMEOUT_MS, retries included) is a 503, never a 500 nor the gateway's 504.
  private async call<T>(work: () => Promise<T>): Promise<T> {
    const unavailable = () =>
      new ServiceException(ErrorCode.ServiceUnavailable, 'The payment provider is unavailable. Please try again.');
    let timer: NodeJS.Timeout | undefined;
    const attempt = work();
    // Given up on: its late failure is of no interest (a late success is deduplicated by its key).
    attempt.catch(() => undefined);
    try {
      return await Promise.race([
        attempt,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(unavailable()), this.config.timeoutMs);
        }),
      ]);
    } catch (err) {
      if (err instanceof ServiceException) throw err;
      if (!(err instanceof Stripe.errors.StripeError)) throw err;
      if (err.code === 'resource_missing') throw ServiceException.notFound('Not found at the payment provider');
      throw unavailable();
    } finally {
      clearTimeout(timer);
    }
  }
}
