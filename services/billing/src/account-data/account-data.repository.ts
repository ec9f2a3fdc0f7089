import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { LifetimeCodeRedemptionEntity } from '../lifetime-codes/lifetime-code-redemption.entity.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';

/** Everything billing holds about one user, read or removed at once. */
@Injectable()
export class AccountDataRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findAllOfUser(userId: string) {
    const manager = this.dataSource.manager;
    const [subscription, redemptions] = await Promise.all([
      manager.findOneBy(SubscriptionEntity, { userId }),
      manager.find(LifetimeCodeRedemptionEntity, { where: { userId }, order: { redeemedAt: 'ASC' } }),
    ]);
    return { subscription, redemptions };
  }

  /** The user's row, locked so a Stripe event for it waits until the deletion commits. */
  lockSubscription(manager: EntityManager, userId: string): Promise<SubscriptionEntity | null> {
    return manager
      .getRepository(SubscriptionEntity)
      .findOne({ where: { userId }, lock: { mode: 'pessimistic_write' } });
  }

  /** A redeemed code keeps its count: deleting a redemption does not give the use back. */
  async deleteAllOfUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(LifetimeCodeRedemptionEntity, { userId });
    await manager.delete(SubscriptionEntity, { userId });
  }
}
