import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';

export interface ServiceDataSourceConfig {
  /** The service's own PostgreSQL schema; no other service touches it. */
  schema: string;
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
}

export function serviceDataSourceOptions(config: ServiceDataSourceConfig): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.url,
    schema: config.schema,
    entities: config.entities,
    migrations: config.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error'],
    extra: { max: config.poolSize ?? 10, application_name: config.schema },
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
