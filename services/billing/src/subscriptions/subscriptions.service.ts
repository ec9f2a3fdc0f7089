import { Inject, Injectable } from '@nestjs/common';
import { BILLING_EVENTS, hasAccess, type SubscriptionCheck } from '@runpledge/contracts';
import { DomainEvents, LOGGER } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { mapStripeSubscription } from '../stripe/map-stripe-subscription.util.js';
import { StripeClient } from '../stripe/stripe.client.js';
import type { SubscriptionEntity } from './subscription.entity.js';
import { billsStill, isBlank, LIVE_STATUSES, shouldApply } from './subscription-state.util.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/** Runs in the transaction that changes the state, e.g. to mark a Stripe event handled; false stops the change. */
export type ClaimInTransaction = (manager: EntityManager) => Promise<boolean>;

@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly stripe: StripeClient,
    private readonly events: DomainEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async check(userId: string): Promise<SubscriptionCheck> {
    const sub = await this.subscriptions.findByUserId(userId);
    if (!sub) {
      return { status: 'none', hasAccess: false, lifetimeAccess: false, trialEndsAt: null, currentPeriodEnd: null };
    }
    return {
      status: sub.status,
      hasAccess: hasAccess(sub.status, sub.currentPeriodEnd),
      lifetimeAccess: sub.status === 'lifetime',
      trialEndsAt: sub.trialEndsAt?.toISOString() ?? null,
      currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
    };
  }

  /** The runner's one Stripe customer: created the first time, reused after. */
  async customerIdFor(userId: string, email: string): Promise<string> {
    const stored = (await this.subscriptions.findByUserId(userId))?.stripeCustomerId;
    if (stored) return stored;
    const created = await this.stripe.createCustomer(userId, email);
    return this.subscriptions.saveCustomerIdIfMissing(userId, created);
  }

  async storedCustomerId(userId: string): Promise<string | null> {
    return (await this.subscriptions.findByUserId(userId))?.stripeCustomerId ?? null;
  }

  userIdForStripe(subscriptionId: string | null, customerId: string | null): Promise<string | null> {
    return this.subscriptions.findUserIdByStripeIds(subscriptionId, customerId);
  }

  /**
   * Makes the runner's state what Stripe says now. The subscription is read from Stripe after the
   * row is locked, so events and returns from Checkout, in any order and at once, end in Stripe's
   * latest state.
   */
  async syncFromStripe(userId: string, subscriptionId: string, claim?: ClaimInTransaction): Promise<void> {
    await this.events.transaction(async (manager) => {
      const row = await this.subscriptions.lockByUserId(manager, userId);
      if (claim && !(await claim(manager))) return;
      const incoming = mapStripeSubscription(await this.stripe.retrieveSubscription(subscriptionId));
      // A runner billing holds nothing about (e.g. a deleted account) gets no row from an ended subscription.
      if (isBlank(row) && !LIVE_STATUSES.has(incoming.status)) {
        await this.subscriptions.delete(manager, userId);
        return;
      }
      if (!shouldApply(row, incoming)) return;
      await this.change(manager, row, {
        status: incoming.status,
        stripeCustomerId: incoming.stripeCustomerId,
        stripeSubscriptionId: incoming.stripeSubscriptionId,
        trialEndsAt: incoming.trialEndsAt,
        currentPeriodEnd: incoming.currentPeriodEnd,
      });
    });
  }

  /**
   * Lifetime access from now on, in the caller's transaction. Answers the Stripe subscription that
   * still bills the runner, for the caller to cancel once the grant is committed.
   */
  async grantLifetime(manager: EntityManager, userId: string): Promise<string | null> {
    const row = await this.subscriptions.lockByUserId(manager, userId);
    const stillBilling = billsStill(row) ? row.stripeSubscriptionId : null;
    await this.change(manager, row, { status: 'lifetime', trialEndsAt: null, currentPeriodEnd: null });
    return stillBilling;
  }

  /** Cancels a Stripe subscription a lifetime grant replaced; a failure leaves it for an operator. */
  async cancelReplacedSubscription(userId: string, subscriptionId: string): Promise<void> {
    try {
      await this.stripe.cancelSubscription(subscriptionId);
    } catch (err) {
      this.logger.error({ err, userId, subscriptionId }, 'could not cancel a subscription replaced by lifetime access');
    }
  }

  // Saves the row and, when what others see changed, tells them (billing.subscription.changed).
  private async change(
    manager: EntityManager,
    row: SubscriptionEntity,
    next: Partial<Omit<SubscriptionEntity, 'userId' | 'updatedAt'>>,
  ): Promise<void> {
    const before = { status: row.status, end: row.currentPeriodEnd?.getTime() ?? null };
    Object.assign(row, next);
    await this.subscriptions.save(manager, row);
    if (before.status === row.status && before.end === (row.currentPeriodEnd?.getTime() ?? null)) return;
    await this.events.record(manager, BILLING_EVENTS.subscriptionChanged, {
      userId: row.userId,
      status: row.status,
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    });
  }
}
