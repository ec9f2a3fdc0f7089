import type { MigrationInterface } from 'typeorm';
import { runMigrations, serviceDataSourceOptions } from '../../src/index.js';

/** Data-source options on this test run's database, with server-kit's own tables in `schema`. */
export function kitDataSourceOptions(
  schema: string,
  { poolSize = 2, migrations = [] }: { poolSize?: number; migrations?: (new () => MigrationInterface)[] } = {},
) {
  return serviceDataSourceOptions({ schema, url: process.env.DATABASE_URL!, entities: [], migrations, poolSize });
}

/** `schema` migrated (the outbox, processed events and pending jobs); its options, to open data sources on it. */
export async function migrateKitSchema(schema: string, poolSize = 2) {
  const options = kitDataSourceOptions(schema, { poolSize });
  await runMigrations(options);
  return options;
}
