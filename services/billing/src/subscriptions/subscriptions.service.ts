import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_DELETED_MESSAGE, ErrorCode, hasAccess, type SubscriptionCheck } from '@runpledge/contracts';
import { DomainEvents, LOGGER, ServiceException } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { mapStripeSubscription } from '../stripe/map-stripe-subscription.util.js';
import { StripeClient } from '../stripe/stripe.client.js';
import type { SubscriptionEntity } from './subscription.entity.js';
import { billsStill, isBlank, LIVE_STATUSES, shouldApply } from './subscription-state.util.js';
import { RunnerAccess } from './runner-access.service.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/** Reads of Stripe before a sync gives up because the runner's row changed after each. */
const SYNC_ATTEMPTS = 3;

/**
 * What a sync compares before and after its read of Stripe; a missing row is a blank one (locking
 * creates it). `updatedAt` is left out: a blank row made by the lock has a new one.
 */
function versionOf(row: SubscriptionEntity | null): string {
  if (!row) return JSON.stringify(['none', null, null, null, null]);
  return JSON.stringify([
    row.status,
    row.stripeCustomerId,
    row.stripeSubscriptionId,
    row.trialEndsAt?.getTime() ?? null,
    row.currentPeriodEnd?.getTime() ?? null,
  ]);
}

/** Runs in the transaction that changes the state, e.g. to mark a Stripe event handled; false stops the change. */
export type ClaimInTransaction = (manager: EntityManager) => Promise<boolean>;

@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly stripe: StripeClient,
    private readonly events: DomainEvents,
    private readonly access: RunnerAccess,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async check(userId: string): Promise<SubscriptionCheck> {
    const sub = await this.subscriptions.findByUserId(userId);
    // The runner's own state; their page is live too while a charity's runner place covers them.
    const own = sub ? hasAccess(sub.status, sub.currentPeriodEnd) : false;
    const covered = own || (await this.access.sponsored(userId));
    if (!sub) {
      return { status: 'none', hasAccess: covered, lifetimeAccess: false, trialEndsAt: null, currentPeriodEnd: null };
    }
    return {
      status: sub.status,
      hasAccess: covered,
      lifetimeAccess: sub.status === 'lifetime',
      trialEndsAt: sub.trialEndsAt?.toISOString() ?? null,
      currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
    };
  }

  /** The runner's one Stripe customer: created the first time, reused after. */
  async customerIdFor(userId: string, email: string): Promise<string> {
    await this.events.transaction((manager) => this.assertLiveAccount(manager, userId));
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
   * Makes the runner's state what Stripe says now. Stripe is read before the row is locked (a slow
   * Stripe must not hold the lock and a pool connection); the read is applied only if the row did
   * not change meanwhile, else Stripe is read again. So events and returns from Checkout, in any
   * order and at once, end in Stripe's latest state.
   */
  async syncFromStripe(userId: string, subscriptionId: string, claim?: ClaimInTransaction): Promise<void> {
    for (let attempt = 1; attempt <= SYNC_ATTEMPTS; attempt++) {
      const seen = versionOf(await this.subscriptions.findByUserId(userId));
      const incoming = mapStripeSubscription(await this.stripe.retrieveSubscription(subscriptionId));
      const applied = await this.events.transaction(async (manager) => {
        if (!(await this.subscriptions.isLiveAccount(manager, userId))) return 'deleted';
        const row = await this.subscriptions.lockByUserId(manager, userId);
        // Someone else changed the runner since our read of Stripe: read again, outside the lock.
        if (versionOf(row) !== seen) return false;
        if (claim && !(await claim(manager))) return true;
        // A runner billing holds nothing about (e.g. a deleted account) gets no row from an ended subscription.
        if (isBlank(row) && !LIVE_STATUSES.has(incoming.status)) {
          await this.subscriptions.delete(manager, userId);
          return true;
        }
        if (!shouldApply(row, incoming)) return true;
        await this.change(manager, row, {
          status: incoming.status,
          stripeCustomerId: incoming.stripeCustomerId,
          stripeSubscriptionId: incoming.stripeSubscriptionId,
          trialEndsAt: incoming.trialEndsAt,
          currentPeriodEnd: incoming.currentPeriodEnd,
        });
        return true;
      });
      if (applied === 'deleted') {
        // Marked handled only once cancelled: when Stripe is away, its redelivery tries again.
        await this.cancelForDeletedAccount(userId, subscriptionId, incoming.status);
        if (claim) await this.events.transaction(claim);
        return;
      }
      if (applied) return;
    }
    // Changed under us every time: the caller's retry (Stripe's redelivery, the next reconcile) reads again.
    this.logger.warn({ userId, subscriptionId }, 'subscription kept changing while it was read from Stripe');
    throw new ServiceException(ErrorCode.ServiceUnavailable, 'Billing is busy, please try again.');
  }

  /**
   * Lifetime access from now on, in the caller's transaction. Answers the Stripe subscription that
   * still bills the runner, for the caller to cancel once the grant is committed.
   */
  async grantLifetime(manager: EntityManager, userId: string): Promise<string | null> {
    await this.assertLiveAccount(manager, userId);
    const row = await this.subscriptions.lockByUserId(manager, userId);
    const stillBilling = billsStill(row) ? row.stripeSubscriptionId : null;
    await this.change(manager, row, { status: 'lifetime', trialEndsAt: null, currentPeriodEnd: null });
    return stillBilling;
  }

  /**
   * A subscription that started for an account already deleted (a Checkout completed after the
   * deletion) is cancelled at once and never stored: it must not bill anyone.
   */
  private async cancelForDeletedAccount(
    userId: string,
    subscriptionId: string,
    status: SubscriptionEntity['status'],
  ): Promise<void> {
    if (!LIVE_STATUSES.has(status)) return;
    await this.stripe.cancelSubscription(subscriptionId);
    this.logger.info({ userId, subscriptionId }, 'Stripe subscription of a deleted account cancelled');
  }

  /** Cancels a Stripe subscription a lifetime grant replaced; a failure leaves it for an operator. */
  async cancelReplacedSubscription(userId: string, subscriptionId: string): Promise<void> {
    try {
      await this.stripe.cancelSubscription(subscriptionId);
    } catch (err) {
      this.logger.error({ err, userId, subscriptionId }, 'could not cancel a subscription replaced by lifetime access');
    }
  }

  /** A deleted account (its tombstone) starts nothing at Stripe and is granted nothing. */
  private async assertLiveAccount(manager: EntityManager, userId: string): Promise<void> {
    if (!(await this.subscriptions.isLiveAccount(manager, userId)))
      throw new ServiceException(ErrorCode.Unauthorized, ACCOUNT_DELETED_MESSAGE);
  }

  // Saves the row and, when the runner's access changed, tells others (billing.subscription.changed).
  private async change(
    manager: EntityManager,
    row: SubscriptionEntity,
    next: Partial<Omit<SubscriptionEntity, 'userId' | 'updatedAt'>>,
  ): Promise<void> {
    const before = await this.access.current(manager, row.userId);
    Object.assign(row, next);
    await this.subscriptions.save(manager, row);
    await this.access.recordIfChanged(manager, row.userId, before);
  }
}
