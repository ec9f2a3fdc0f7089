// First: the OpenTelemetry SDK (when OTEL_* ask for it) must patch http, pg and ioredis before they load.
import '@runpledge/server-kit/telemetry/start';
import 'reflect-metadata';
import { runWorker } from '@runpledge/server-kit';
import { env } from './config/env.js';
import { WorkerModule } from './worker.module.js';

// The totals sync workers (DonorDrive, JustGiving) as their own process.
await runWorker({
  name: 'profiles-worker',
  module: WorkerModule,
  logLevel: env.LOG_LEVEL,
  healthPort: env.HEALTH_PORT,
  metricsPort: env.METRICS_PORT,
  startedMessage: 'profiles totals sync workers running',
  details: { concurrency: env.TOTALS_SYNC_CONCURRENCY },
});
