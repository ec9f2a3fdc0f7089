import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { lockLiveAccount } from '@runpledge/server-kit';
import type { EntityManager, Repository } from 'typeorm';
import { SubscriptionEntity } from './subscription.entity.js';

@Injectable()
export class SubscriptionsRepository {
  constructor(@InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>) {}

  findByUserId(userId: string): Promise<SubscriptionEntity | null> {
    return this.subscriptions.findOneBy({ userId });
  }

  /** Whose Stripe subscription or customer this is, for events that do not carry our user id. */
  async findUserIdByStripeIds(subscriptionId: string | null, customerId: string | null): Promise<string | null> {
    const where = [
      ...(subscriptionId ? [{ stripeSubscriptionId: subscriptionId }] : []),
      ...(customerId ? [{ stripeCustomerId: customerId }] : []),
    ];
    if (where.length === 0) return null;
    return (await this.subscriptions.findOne({ where, select: { userId: true } }))?.userId ?? null;
  }

  /** Stores the runner's Stripe customer unless one is stored already; answers the stored one. */
  async saveCustomerIdIfMissing(userId: string, customerId: string): Promise<string> {
    const rows: Array<{ stripe_customer_id: string }> = await this.subscriptions.query(
      `INSERT INTO "billing"."subscriptions" ("user_id", "status", "stripe_customer_id") VALUES ($1, 'none', $2)
       ON CONFLICT ("user_id") DO UPDATE
         SET "stripe_customer_id" = COALESCE("subscriptions"."stripe_customer_id", EXCLUDED."stripe_customer_id")
       RETURNING "stripe_customer_id"`,
      [userId, customerId],
    );
    return rows[0]!.stripe_customer_id;
  }

  /** Whether the account is not deleted (no tombstone), locked against its deletion until the transaction ends. */
  isLiveAccount(manager: EntityManager, userId: string): Promise<boolean> {
    return lockLiveAccount(manager, userId);
  }

  /** The runner's row, created as 'none' if missing, locked until the transaction ends. */
  async lockByUserId(manager: EntityManager, userId: string): Promise<SubscriptionEntity> {
    await manager.query(
      `INSERT INTO "billing"."subscriptions" ("user_id", "status") VALUES ($1, 'none') ON CONFLICT DO NOTHING`,
      [userId],
    );
    return manager
      .getRepository(SubscriptionEntity)
      .findOneOrFail({ where: { userId }, lock: { mode: 'pessimistic_write' } });
  }

  async save(manager: EntityManager, subscription: SubscriptionEntity): Promise<void> {
    await manager.getRepository(SubscriptionEntity).save(subscription);
  }

  async delete(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(SubscriptionEntity, { userId });
  }
}
