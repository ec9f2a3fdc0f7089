import type { Type } from '@nestjs/common';
import type { ServiceName } from '@runpledge/contracts';
import type { DataSourceOptions } from 'typeorm';
import { runMigrations } from '../database/data-source.js';
import { createLogger } from '../logging/logger.js';
import { bootstrapService } from './bootstrap-service.js';

/** A service's entry point: `node dist/main.js` serves, `node dist/main.js migrate` runs its migrations and exits. */
export async function runService(
  service: ServiceName,
  appModule: Type<unknown>,
  dataSource: DataSourceOptions,
  argv: string[] = process.argv.slice(2),
): Promise<void> {
  const logger = createLogger(service);
  try {
    if (argv[0] === 'migrate') {
      const ran = await runMigrations(dataSource);
      logger.info({ migrations: ran }, ran.length ? `ran ${ran.length} migration(s)` : 'schema up to date');
      return;
    }
    await bootstrapService(service, appModule);
  } catch (err) {
    logger.fatal({ err }, `${service} failed to start`);
    process.exitCode = 1;
    setTimeout(() => process.exit(1), 100).unref();
  }
}
