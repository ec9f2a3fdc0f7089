import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  INVALID_DISCOUNT_CODE_MESSAGE,
  LIFETIME_ACCESS_MESSAGE,
  type CreateCheckoutCommand,
  type CreateCheckoutResponse,
  type SubscriptionCheck,
} from '@runpledge/contracts';
import { ErrorCode } from '@runpledge/contracts';
import { LOGGER, ServiceException } from '@runpledge/server-kit';
import { createHash, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { LifetimeCodesService } from '../lifetime-codes/lifetime-codes.service.js';
import { idOf } from '../stripe/map-stripe-subscription.util.js';
import { StripeClient } from '../stripe/stripe.client.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';

/**
 * A double click or a retried request within this window reuses the same Checkout Session, as long
 * as the runner's subscription has not changed in between.
 */
const CHECKOUT_IDEMPOTENCY_WINDOW_MS = 10 * 60 * 1000;
/** Stripe puts the session id where the success URL has this placeholder. */
const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

@Injectable()
export class CheckoutService implements OnApplicationBootstrap {
  private price: Promise<string> | undefined;

  constructor(
    private readonly stripe: StripeClient,
    private readonly subscriptions: SubscriptionsService,
    private readonly lifetimeCodes: LifetimeCodesService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Finds or creates the monthly price at start; if Stripe is not reachable yet, the first checkout retries. */
  onApplicationBootstrap(): void {
    this.monthlyPrice().then(
      (priceId) => this.logger.info({ priceId, testMode: this.stripe.testMode }, 'monthly price ready'),
      (err: unknown) => this.logger.warn({ err }, 'monthly price not ready yet; the first checkout will retry'),
    );
  }

  async create(command: CreateCheckoutCommand): Promise<CreateCheckoutResponse> {
    const current = await this.subscriptions.check(command.userId);
    if (current.lifetimeAccess) return { lifetimeAccess: true, message: LIFETIME_ACCESS_MESSAGE };

    let promotionCodeId: string | undefined;
    if (command.discountCode) {
      if (await this.lifetimeCodes.redeem(command.userId, command.discountCode)) {
        return { lifetimeAccess: true, message: LIFETIME_ACCESS_MESSAGE };
      }
      promotionCodeId = (await this.stripe.findActivePromotionCode(command.discountCode)) ?? undefined;
      if (!promotionCodeId) throw ServiceException.badRequest(INVALID_DISCOUNT_CODE_MESSAGE);
    }
    // A second subscription would bill the runner twice; the portal is where a live one is managed.
    if (current.status === 'trialing' || current.status === 'active') {
      throw ServiceException.conflict('Your subscription is already active.');
    }

    const [customerId, priceId] = await Promise.all([
      this.subscriptions.customerIdFor(command.userId, command.email),
      this.monthlyPrice(),
    ]);
    const successUrl = withSessionId(command.successUrl);
    const session = await this.stripe.createCheckoutSession({
      userId: command.userId,
      customerId,
      priceId,
      successUrl,
      cancelUrl: command.cancelUrl,
      promotionCodeId,
      // The runner's subscription state is part of the key: once a session was completed (and
      // that subscription ended), asking again is a new Checkout, never the finished one.
      idempotencyKey: this.checkoutIdempotencyKey(command.userId, [
        priceId,
        successUrl,
        command.cancelUrl,
        promotionCodeId,
        current.status,
        current.trialEndsAt ?? undefined,
        current.currentPeriodEnd ?? undefined,
      ]),
    });
    if (!session.url) throw new ServiceException(ErrorCode.ServiceUnavailable, 'Checkout gave no payment page.');
    return { url: session.url };
  }

  /**
   * The runner is back from Checkout: take the state from Stripe now rather than wait for the
   * webhook, so the page is live at once. Only the runner who started the session may do this.
   */
  async reconcile(userId: string, sessionId: string): Promise<SubscriptionCheck> {
    const session = await this.stripe.retrieveCheckoutSession(sessionId);
    if (session.client_reference_id !== userId) throw ServiceException.notFound('Checkout session not found');
    if (session.status === 'complete' && session.subscription) {
      await this.subscriptions.syncFromStripe(userId, idOf(session.subscription));
    }
    return this.subscriptions.check(userId);
  }

  async portalUrl(userId: string, returnUrl: string): Promise<string> {
    const customerId = await this.subscriptions.storedCustomerId(userId);
    if (!customerId) throw ServiceException.notFound('There is no billing account to manage yet.');
    // Each press is a new portal session (they expire within minutes); the key makes a network retry safe.
    return this.stripe.createPortalSession(customerId, returnUrl, `portal:${userId}:${randomUUID()}`);
  }

  private monthlyPrice(): Promise<string> {
    this.price ??= this.stripe.findOrCreateMonthlyPrice().catch((err: unknown) => {
      this.price = undefined;
      throw err;
    });
    return this.price;
  }

  private checkoutIdempotencyKey(userId: string, parts: Array<string | undefined>): string {
    const digest = createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
    return `checkout:${userId}:${digest}:${Math.floor(Date.now() / CHECKOUT_IDEMPOTENCY_WINDOW_MS)}`;
  }
}

function withSessionId(successUrl: string): string {
  const url = new URL(successUrl);
  url.searchParams.set('session_id', SESSION_ID_PLACEHOLDER);
  // URLSearchParams would encode the braces Stripe looks for.
  return url.toString().replace(encodeURIComponent(SESSION_ID_PLACEHOLDER), SESSION_ID_PLACEHOLDER);
}
