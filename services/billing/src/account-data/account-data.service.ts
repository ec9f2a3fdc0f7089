import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ErrorCode, IDENTITY_EVENTS } from '@runpledge/contracts';
import { DomainEvents, forgetPublishedEventsOf, LOGGER, ServiceException } from '@runpledge/server-kit';
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
   * The account is gone: its Stripe subscription is cancelled (the deletion waits for Stripe: when
   * it is away, the event is retried), then billing's rows go.
   */
  async forget(manager: EntityManager, userId: string): Promise<void> {
    const row = await this.data.lockSubscription(manager, userId);
    if (row?.stripeSubscriptionId) await this.cancelAtStripe(userId, row.stripeSubscriptionId);
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
