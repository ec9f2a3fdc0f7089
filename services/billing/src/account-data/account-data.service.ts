import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ErrorCode, IDENTITY_EVENTS } from '@runpledge/contracts';
import {
  DomainEvents,
  forgetPublishedEventsOf,
  LOGGER,
  recordDeletedAccount,
  ServiceException,
} from '@runpledge/server-kit';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { StripeClient } from '../stripe/stripe.client.js';
import { AccountDataRepository } from './account-data.repository.js';

@Injectable()
export class AccountDataService implements OnModuleInit {
  constructor(
    private readonly data: AccountDataRepository,
    private readonly stripe: StripeClient,
    private readonly events: DomainEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.events.on(IDENTITY_EVENTS.userDeleted, ({ userId }, { manager }) => this.forget(manager, userId));
  }

  /**
   * The account is gone: a tombstone stops any later Stripe event or Checkout return from bringing
   * it back; at Stripe its open Checkout Sessions are expired, its subscription cancelled and its
   * customer deleted (the deletion waits for Stripe: when it is away, the event is retried); then
   * billing's rows go.
   */
  async forget(manager: EntityManager, userId: string): Promise<void> {
    await recordDeletedAccount(manager, userId);
    const row = await this.data.lockSubscription(manager, userId);
    if (row?.stripeCustomerId) {
      const expired = await this.stripe.expireOpenCheckoutSessions(row.stripeCustomerId);
      if (expired.length > 0) this.logger.info({ userId, expired }, 'open Checkout Sessions expired: account deleted');
    }
    if (row?.stripeSubscriptionId) await this.cancelAtStripe(userId, row.stripeSubscriptionId);
    if (row?.stripeCustomerId) {
      await this.stripe.deleteCustomer(row.stripeCustomerId);
      this.logger.info({ userId, customerId: row.stripeCustomerId }, 'Stripe customer deleted: account deleted');
    }
    await forgetPublishedEventsOf(manager, userId);
    await this.data.deleteAllOfUser(manager, userId);
  }

  async export(userId: string): Promise<Record<string, unknown>> {
    const { subscription, redemptions } = await this.data.findAllOfUser(userId);
    return {
      subscription: subscription && {
        status: subscription.status,
        stripeCustomerId: subscription.stripeCustomerId,
        stripeSubscriptionId: subscription.stripeSubscriptionId,
        trialEndsAt: subscription.trialEndsAt?.toISOString() ?? null,
        currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
      },
      lifetimeCodeRedemptions: redemptions.map((r) => ({ code: r.code, redeemedAt: r.redeemedAt.toISOString() })),
    };
  }

  // Cancelling one already cancelled (or gone) at Stripe counts as done.
  private async cancelAtStripe(userId: string, subscriptionId: string): Promise<void> {
    try {
      const current = await this.stripe.retrieveSubscription(subscriptionId);
      if (current.status === 'canceled' || current.status === 'incomplete_expired') return;
      await this.stripe.cancelSubscription(subscriptionId);
      this.logger.info({ userId, subscriptionId }, 'Stripe subscription cancelled: account deleted');
    } catch (err) {
      if (err instanceof ServiceException && err.code === ErrorCode.NotFound) return;
      throw err;
    }
  }
}
