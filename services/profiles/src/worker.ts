import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { createLogger, NATS_CONNECTION, PinoNestLogger, startHealthServer } from '@runpledge/server-kit';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { env } from './config/env.js';
import { REDIS } from '@runpledge/server-kit';
import { WorkerModule } from './worker.module.js';

// The totals sync workers as their own process, so they scale apart from the request handlers.
const logger = createLogger('profiles-worker', env.LOG_LEVEL);
try {
  const app = await NestFactory.createApplicationContext(WorkerModule, { logger: new PinoNestLogger(logger) });
  // SIGTERM lets running jobs finish (BullMQ's close), then exits 0, also as PID 1 in a container.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  logger.info({ concurrency: env.TOTALS_SYNC_CONCURRENCY }, 'profiles totals sync workers running');
  if (env.HEALTH_PORT !== undefined) {
    const dataSource = app.get(DataSource);
    const redis = app.get<Redis>(REDIS);
    const nats = app.get<NatsConnection>(NATS_CONNECTION);
    const health = await startHealthServer({
      port: env.HEALTH_PORT,
      logger,
      checks: {
        database: async () => (await dataSource.query('SELECT 1'), undefined),
        redis: async () => ((await redis.ping()) === 'PONG' ? undefined : 'no PONG'),
        'nats-events': async () => (nats.isClosed() ? 'connection closed' : (await nats.flush(), undefined)),
      },
    });
    for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => health.markShuttingDown());
  }
} catch (err) {
  logger.fatal({ err }, 'profiles worker failed to start');
  process.exit(1);
}
