import { NestFactory } from '@nestjs/core';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { createLogger, nestLogger } from '../logging/logger.js';
import { startHealthServer } from '../health/health-server.js';
import { observeDataSourcePool, startMetricsServer } from '../metrics/metrics.js';
import { REDIS } from '../redis/redis.module.js';
import { NATS_CONNECTION } from './service-core.module.js';

/**
 * Runs a service's BullMQ workers as their own process, so they scale apart from the request
 * handlers: SIGTERM lets running jobs finish (BullMQ's close), then exits 0, also as PID 1 in a
 * container; `healthPort` serves /healthz and /readyz (database, Redis, NATS), `metricsPort` /metrics.
 */
export async function runWorker(options: {
  name: string;
  module: unknown;
  logLevel: string;
  healthPort: number | undefined;
  /** Serves `/metrics` (runtime, pool, the queues and workers registered with observeQueue/observeWorker). */
  metricsPort?: number | undefined;
  startedMessage: string;
  details?: Record<string, unknown>;
}): Promise<void> {
  const logger = createLogger(options.name, options.logLevel);
  try {
    const app = await NestFactory.createApplicationContext(options.module as never, {
      logger: nestLogger(logger),
    });
    app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
    logger.info(options.details ?? {}, options.startedMessage);
    if (options.metricsPort !== undefined) {
      observeDataSourcePool(app.get(DataSource));
      await startMetricsServer({ port: options.metricsPort, service: options.name, logger });
    }
    if (options.healthPort !== undefined) {
      const dataSource = app.get(DataSource);
      const redis = app.get<Redis>(REDIS);
      const nats = app.get<NatsConnection>(NATS_CONNECTION);
      const health = await startHealthServer({
        port: options.healthPort,
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
    logger.fatal({ err }, `${options.name} failed to start`);
    process.exit(1);
  }
}
