import { serviceDataSourceOptions } from '@runpledge/server-kit';
import { env } from '../config/env.js';
import { CreateDeletedAccounts1798000000600 } from './migrations/1798000000600-CreateDeletedAccounts.js';

export const dataSourceOptions = serviceDataSourceOptions({
  schema: 'community',
  url: env.DATABASE_URL,
  entities: [],
  migrations: [CreateDeletedAccounts1798000000600],
});
