import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { createRequire } from 'node:module';

/** The probe and scrape ports' requests: every few seconds, never worth a trace. */
const UNTRACED_PATHS = new Set(['/metrics', '/healthz', '/readyz']);

/**
 * Starts the OpenTelemetry Node SDK: exporter, sampler, propagators (W3C trace context and baggage)
 * and resource all from the standard `OTEL_*` variables; spans for HTTP (the gateway's requests and
 * every outgoing call), PostgreSQL and Redis. NATS requests, JetStream events and BullMQ jobs get
 * their spans from server-kit (trace-context.ts, bullmq-otel).
 */
export function startTelemetry(serviceName: string): NodeSDK {
  const sdk = new NodeSDK({
    serviceName,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0] ?? ''),
      }),
      new PgInstrumentation({ requireParentSpan: true }),
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
