import { serviceDataSourceOptions } from '@runpledge/server-kit';
import { env } from '../config/env.js';
import { LifetimeCodeRedemptionEntity } from '../lifetime-codes/lifetime-code-redemption.entity.js';
import { LifetimeCodeEntity } from '../lifetime-codes/lifetime-code.entity.js';
import { ProcessedStripeEventEntity } from '../stripe-events/processed-stripe-event.entity.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { CreateSubscriptions1763800000300 } from './migrations/1763800000300-CreateSubscriptions.js';
import { CreateCheckoutTables1763800000310 } from './migrations/1763800000310-CreateCheckoutTables.js';
import { CreateDeletedAccounts1796000000300 } from './migrations/1796000000300-CreateDeletedAccounts.js';
import { ReplayAccess1799000000300 } from './migrations/1799000000300-ReplayAccess.js';

export const dataSourceOptions = serviceDataSourceOptions({
  schema: 'billing',
  url: env.DATABASE_URL,
  entities: [SubscriptionEntity, LifetimeCodeEntity, LifetimeCodeRedemptionEntity, ProcessedStripeEventEntity],
  migrations: [
    CreateSubscriptions1763800000300,
    CreateCheckoutTables1763800000310,
    CreateDeletedAccounts1796000000300,
    ReplayAccess1799000000300,
  ],
});
