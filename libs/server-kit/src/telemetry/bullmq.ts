import { BullMQOtel } from 'bullmq-otel';
import { wantsTraceExport } from './config.js';

/**
 * BullMQ's own OpenTelemetry integration (bullmq-otel) for a Queue's or Worker's `telemetry` option:
 * a job added while handling a request carries its trace context, and the worker's span for the job
 * continues that trace. Undefined (BullMQ's default, no tracing work at all) unless OTEL_* ask for export.
 */
export function bullTelemetry(): BullMQOtel | undefined {
  return wantsTraceExport() ? new BullMQOtel({ tracerName: 'bullmq' }) : undefined;
}
