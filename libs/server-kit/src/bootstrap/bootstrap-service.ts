import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Transport, type MicroserviceOptions } from '@nestjs/microservices';
import type { ServiceName } from '@runpledge/contracts';
import type { INestMicroservice } from '@nestjs/common';
import { loadBaseEnv } from '../config/env.js';
import { createLogger, PinoNestLogger } from '../logging/logger.js';
import { AllRpcExceptionsFilter } from '../messaging/rpc-exception.filter.js';

/**
 * Starts a service as a NATS microservice in the queue group named after it, so replicas share
 * requests and each request is handled once. SIGTERM unsubscribes, lets in-flight requests finish
 * within the grace period, then closes.
 */
export async function bootstrapService(service: ServiceName, appModule: Type<unknown>): Promise<INestMicroservice> {
  const env = loadBaseEnv();
  const logger = createLogger(service, env.LOG_LEVEL);
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(appModule, {
    transport: Transport.NATS,
    options: {
      servers: env.NATS_URL.split(','),
      queue: service,
      name: service,
      gracefulShutdown: true,
      gracePeriod: env.SHUTDOWN_GRACE_MS,
      maxReconnectAttempts: -1,
    },
    logger: new PinoNestLogger(logger),
  });
  app.useGlobalFilters(new AllRpcExceptionsFilter(logger));
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  await app.listen();
  logger.info(
    { queue: service, prefix: process.env.NATS_SUBJECT_PREFIX ?? '' },
    `${service} service listening on NATS`,
  );
  return app;
}
