import pg from 'pg';
import { DataSource, type DataSourceOptions, type EntitySchema } from 'typeorm';
import {
  AddOutboxTraceContext1795600000000,
  CreateEventTables1763800000000,
} from '../events/event-tables.migration.js';
import { baseEnvValue } from '../config/env.js';
import { OutboxMessage } from '../events/outbox-message.entity.js';
import { ProcessedEvent } from '../events/processed-event.entity.js';
import { PendingJob } from '../jobs/pending-job.entity.js';
import {
  AddPendingJobTraceContext1795700000000,
  CreatePendingJobs1795576050765,
} from '../jobs/pending-jobs.migration.js';

export interface ServiceDataSourceConfig {
  /** The service's own PostgreSQL schema; no other service touches it. */
  schema: string;
  url: string;
  /** The service's own entities; the event tables (outbox, processed events) are added. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: (Function | EntitySchema)[];
  /** The service's own migrations, in order; the event tables' migration runs first. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: Function[];
  poolSize?: number;
}

/**
 * A pg client whose connection errors never become an uncaught exception. The database ending a
 * connection (a restart, a failover) is an 'error' event on the client; pg-pool listens only while
 * the client is idle and TypeORM only while its query runner holds it, and an 'error' event with no
 * listener kills the process. In the fault test (PostgreSQL stopped 5 s) the fitness service died
 * of an unhandled FATAL "terminating connection due to administrator command"; the exact path was
 * not reproduced in isolation. The query in flight rejects anyway (a 503 for the caller) and the
 * pool drops the client: this listener only keeps the process alive.
 */
class OutageProofClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}

export function serviceDataSourceOptions(config: ServiceDataSourceConfig): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.url,
    schema: config.schema,
    entities: [...config.entities, OutboxMessage, ProcessedEvent, PendingJob],
    migrations: [
      CreateEventTables1763800000000,
      AddOutboxTraceContext1795600000000,
      ...config.migrations,
      CreatePendingJobs1795576050765,
      AddPendingJobTraceContext1795700000000,
    ],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error'],
    // One name per process in pg_stat_activity (`fitness`, `fitness-worker`): DB_APPLICATION_NAME,
    // set by the process launcher, else the schema.
    extra: {
      max: config.poolSize ?? 10,
      application_name: baseEnvValue('DB_APPLICATION_NAME') ?? config.schema,
      Client: OutageProofClient,
    },
  };
}

/** Creates the schema when missing, then runs the service's pending migrations. */
export async function runMigrations(options: DataSourceOptions): Promise<string[]> {
  const schema = (options as { schema?: string }).schema;
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  try {
    if (schema) await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const ran = await dataSource.runMigrations({ transaction: 'each' });
    return ran.map((m) => m.name);
  } finally {
    await dataSource.destroy();
  }
}
