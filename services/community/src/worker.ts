// First: the OpenTelemetry SDK (when OTEL_* ask for it) must patch http, pg and ioredis before they load.
import '@runpledge/server-kit/telemetry/start';
import 'reflect-metadata';
import { runWorker } from '@runpledge/server-kit';
import { env } from './config/env.js';
import { WorkerModule } from './worker.module.js';

// Community's BullMQ workers as their own process, so they scale apart from the request handlers.
await runWorker({
  name: 'community-worker',
  module: WorkerModule,
  logLevel: env.LOG_LEVEL,
  healthPort: env.HEALTH_PORT,
  metricsPort: env.METRICS_PORT,
  startedMessage: 'community workers running',
});
