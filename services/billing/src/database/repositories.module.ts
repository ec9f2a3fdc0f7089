import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountDataRepository } from '../account-data/account-data.repository.js';
import { LifetimeCodeEntity } from '../lifetime-codes/lifetime-code.entity.js';
import { LifetimeCodesRepository } from '../lifetime-codes/lifetime-codes.repository.js';
import { ProcessedStripeEventEntity } from '../stripe-events/processed-stripe-event.entity.js';
import { ProcessedStripeEventsRepository } from '../stripe-events/processed-stripe-events.repository.js';
import { CharitySponsorshipEntity } from '../sponsorship/charity-sponsorship.entity.js';
import { SponsoredSeatEntity } from '../sponsorship/sponsored-seat.entity.js';
import { SponsorshipRepository } from '../sponsorship/sponsorship.repository.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';

const repositories = [
  SubscriptionsRepository,
  LifetimeCodesRepository,
  ProcessedStripeEventsRepository,
  AccountDataRepository,
  SponsorshipRepository,
];

/**
 * The service's tables, one repository each (entity and repository live in their feature's folder).
 * Every feature module that reads a table imports this module; features never import each other
 * for data. The same in all four services (docs/architecture.md).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      SubscriptionEntity,
      LifetimeCodeEntity,
      ProcessedStripeEventEntity,
      CharitySponsorshipEntity,
      SponsoredSeatEntity,
    ]),
  ],
  providers: repositories,
  exports: repositories,
})
export class RepositoriesModule {}
