import type { INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/transport-node';
import type { ServiceName } from '@runpledge/contracts';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { loadBaseEnv } from '../config/env.js';
import { startHealthServer, type HealthServer, type ReadinessCheck } from '../health/health-server.js';
import { createLogger, nestLogger } from '../logging/logger.js';
import { observeDataSourcePool, startMetricsServer } from '../metrics/metrics.js';
import { observeDeadLetters } from '../metrics/dead-letter-gauge.js';
import { RpcMetricsInterceptor } from '../metrics/rpc-metrics.interceptor.js';
import { RpcTraceInterceptor } from '../telemetry/rpc-trace.interceptor.js';
import { RpcDeadlineInterceptor } from '../messaging/rpc-deadline.interceptor.js';
import { natsConnectionOptions } from '../messaging/nats-trust.js';
import { AllRpcExceptionsFilter } from '../messaging/rpc-exception.filter.js';
import { RouteCachingServerNats } from '../messaging/route-caching-server-nats.js';
import { NATS_CONNECTION } from './service-core.module.js';

const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * Starts a service as a NATS microservice in the queue group named after it, so replicas share
 * requests and each request is handled once. SIGTERM turns readiness to 503, stops the event
 * consumers, unsubscribes, lets in-flight requests finish within SHUTDOWN_GRACE_MS, closes, and
 * exits with code 0 (also as PID 1 in a container, where a re-raised signal would be ignored).
 * With HEALTH_PORT set, `/healthz` and `/readyz` answer on that port for probes.
 */
export async function bootstrapService(service: ServiceName, appModule: Type<unknown>): Promise<INestMicroservice> {
  const env = loadBaseEnv();
  const logger = createLogger(service, env.LOG_LEVEL);
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(appModule, {
    // Nest's NATS transport (Transport.NATS) with each subject's route worked out once.
    strategy: new RouteCachingServerNats({
      ...natsConnectionOptions(env),
      queue: service,
      name: service,
      gracefulShutdown: true,
      gracePeriod: env.SHUTDOWN_GRACE_MS,
      maxReconnectAttempts: -1,
    }),
    logger: nestLogger(logger),
  });
  app.useGlobalFilters(new AllRpcExceptionsFilter(logger));
  // Trace first: the metrics interceptor and the handler run inside the request's span and request id.
  // The deadline check drops a request the gateway has already answered 504 for.
  app.useGlobalInterceptors(new RpcTraceInterceptor(logger), new RpcMetricsInterceptor(), new RpcDeadlineInterceptor());
  app.enableShutdownHooks([...SHUTDOWN_SIGNALS], { useProcessExit: true });
  await app.listen();
  logger.info({ queue: service, prefix: env.NATS_SUBJECT_PREFIX }, `${service} service listening on NATS`);
  if (env.METRICS_PORT !== undefined) {
    const dataSource = optionalProvider<DataSource>(app, DataSource);
    if (dataSource) observeDataSourcePool(dataSource);
    const events = optionalProvider<NatsConnection>(app, NATS_CONNECTION);
    if (events) observeDeadLetters(events);
    await startMetricsServer({ port: env.METRICS_PORT, service, logger });
  }
  if (env.HEALTH_PORT !== undefined) {
    const health = await startHealthServer({ port: env.HEALTH_PORT, checks: serviceChecks(app), logger });
    for (const signal of SHUTDOWN_SIGNALS) process.once(signal, () => shuttingDown(health, logger, signal));
  }
  return app;
}

function shuttingDown(health: HealthServer, logger: Logger, signal: string): void {
  health.markShuttingDown();
  logger.info({ signal }, 'shutting down: readiness now 503, draining');
}

function optionalProvider<T>(app: INestMicroservice, token: unknown): T | undefined {
  try {
    return app.get<T>(token as Type<T>, { strict: false });
  } catch {
    return undefined;
  }
}

/** Ready = both NATS connections answer a round trip and the database answers a query. */
function serviceChecks(app: INestMicroservice): Record<string, ReadinessCheck> {
  const optional = <T>(token: unknown): T | undefined => optionalProvider<T>(app, token);
  const roundTrip = async (nc: NatsConnection): Promise<string | undefined> => {
    if (nc.isClosed()) return 'connection closed';
    await nc.flush();
    return undefined;
  };
  const checks: Record<string, ReadinessCheck> = {
    nats: () => roundTrip(app.unwrap<NatsConnection>()),
  };
  const events = optional<NatsConnection>(NATS_CONNECTION);
  if (events) checks['nats-events'] = () => roundTrip(events);
  const dataSource = optional<DataSource>(DataSource);
  if (dataSource) {
    checks.database = async () => {
      if (!dataSource.isInitialized) return 'not connected';
      await dataSource.query('SELECT 1');
      return undefined;
    };
  }
  return checks;
}
