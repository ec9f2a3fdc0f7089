import {
  CreateEventTables1763800000000,
  OutboxMessage,
  ProcessedEvent,
  serviceDataSourceOptions,
} from '@runpledge/server-kit';
import { env } from '../config/env.js';
import { FitnessProfileEntity } from '../fitness-profiles/fitness-profile.entity.js';
import { CreateFitnessProfiles1763800000400 } from './migrations/1763800000400-CreateFitnessProfiles.js';

export const dataSourceOptions = serviceDataSourceOptions({
  schema: 'fitness',
  url: env.DATABASE_URL,
  entities: [FitnessProfileEntity, OutboxMessage, ProcessedEvent],
  migrations: [CreateEventTables1763800000000, CreateFitnessProfiles1763800000400],
});
