import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { createRequire } from 'node:module';

/**
 * Starts the OpenTelemetry Node SDK: exporter, sampler, propagators (W3C trace context and baggage)
 * and resource all from the standard `OTEL_*` variables; spans for every outgoing HTTP call,
 * PostgreSQL and Redis. The gateway's requests get their server spans from its Fastify hooks
 * (runInHttpServerSpan), NATS requests, JetStream events and BullMQ jobs theirs from server-kit
 * (trace-context.ts, bullmq-otel); no process's incoming HTTP is instrumented (the services serve
 * only the probe and scrape ports, never worth a trace).
 */
export function startTelemetry(serviceName: string): NodeSDK {
  const sdk = new NodeSDK({
    serviceName,
    instrumentations: [
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
      // A query's span says enough: no spans of their own for pool checkouts.
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  // The instrumentations patch on `require`; an ESM `import` of these does not pass through it. One
  // require each now patches the shared module objects before the process's own imports use them.
  const require = createRequire(import.meta.url);
  for (const name of ['node:http', 'node:https', 'pg', 'ioredis']) require(name);
  // Buffered spans go out while the process drains (Nest exits with process.exit once drained).
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void sdk.shutdown());
  return sdk;
}
