import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { createLogger, PinoNestLogger } from '@runpledge/server-kit';
import { env } from './config/env.js';
import { WorkerModule } from './worker.module.js';

// The sync workers as their own process, so they scale apart from the request handlers.
const logger = createLogger('fitness-worker', env.LOG_LEVEL);
try {
  const app = await NestFactory.createApplicationContext(WorkerModule, { logger: new PinoNestLogger(logger) });
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  logger.info({ concurrency: env.SYNC_WORKER_CONCURRENCY }, 'fitness sync workers running');
} catch (err) {
  logger.fatal({ err }, 'fitness worker failed to start');
  process.exit(1);
}
