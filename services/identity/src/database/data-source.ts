import {
  CreateEventTables1763800000000,
  OutboxMessage,
  ProcessedEvent,
  serviceDataSourceOptions,
} from '@runpledge/server-kit';
import { env } from '../config/env.js';
import { UserEntity } from '../users/user.entity.js';
import { CreateUsers1763800000100 } from './migrations/1763800000100-CreateUsers.js';

export const dataSourceOptions = serviceDataSourceOptions({
  schema: 'identity',
  url: env.DATABASE_URL,
  entities: [UserEntity, OutboxMessage, ProcessedEvent],
  migrations: [CreateEventTables1763800000000, CreateUsers1763800000100],
});
