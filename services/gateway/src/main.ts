// First: the OpenTelemetry SDK (when OTEL_* ask for it) must patch http, pg and ioredis before they load.
import '@runpledge/server-kit/telemetry/start';
import 'reflect-metadata';
import { createLogger } from '@runpledge/server-kit/logging';
import { bootstrapGateway } from './bootstrap.js';

const logger = createLogger('gateway');
try {
  const { url } = await bootstrapGateway(logger);
  logger.info(`gateway listening on ${url}`);
} catch (err) {
  logger.fatal({ err }, 'gateway failed to start');
  process.exit(1);
}
