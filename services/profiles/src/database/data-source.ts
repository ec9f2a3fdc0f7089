import {
  CreateEventTables1763800000000,
  OutboxMessage,
  ProcessedEvent,
  serviceDataSourceOptions,
} from '@runpledge/server-kit';
import { AccountEntity } from '../accounts/account.entity.js';
import { env } from '../config/env.js';
import { CreateAccounts1763800000200 } from './migrations/1763800000200-CreateAccounts.js';

export const dataSourceOptions = serviceDataSourceOptions({
  schema: 'profiles',
  url: env.DATABASE_URL,
  entities: [AccountEntity, OutboxMessage, ProcessedEvent],
  migrations: [CreateEventTables1763800000000, CreateAccounts1763800000200],
});
