import {
  CreateEventTables1763800000000,
  OutboxMessage,
  ProcessedEvent,
  serviceDataSourceOptions,
} from '@runpledge/server-kit';
import { env } from '../config/env.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { CreateSubscriptions1763800000300 } from './migrations/1763800000300-CreateSubscriptions.js';

export const dataSourceOptions = serviceDataSourceOptions({
  schema: 'billing',
  url: env.DATABASE_URL,
  entities: [SubscriptionEntity, OutboxMessage, ProcessedEvent],
  migrations: [CreateEventTables1763800000000, CreateSubscriptions1763800000300],
});
