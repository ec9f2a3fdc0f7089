/**
 * Imported first by every process entry point (`import '@runpledge/server-kit/telemetry/start'`), before
 * anything that loads http, pg or ioredis, so the instrumentations can patch them. Loads the
 * OpenTelemetry SDK only when the standard `OTEL_*` variables ask for export (see config.ts);
 * otherwise nothing is loaded and the `@opentelemetry/api` calls elsewhere stay no-ops.
 */
import { serviceNameOf, wantsTraceExport } from './config.js';

if (wantsTraceExport()) {
  const { startTelemetry } = await import('./sdk.js');
  startTelemetry(serviceNameOf(process.argv[1]));
}
