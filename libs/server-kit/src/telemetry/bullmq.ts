import { context, propagation, type Context } from '@opentelemetry/api';
import { BullMQOtel } from 'bullmq-otel';
import { currentRequestId, REQUEST_ID_HEADER, REQUEST_ID_PATTERN, runWithRequestId } from './trace-context.js';

const REQUEST_ID_KEY = Symbol.for('runpledge.request-id');

/**
 * bullmq-otel's context manager, plus our request id. A job added while working for a request
 * carries, in BullMQ's own propagation metadata (the job's `telemetry.metadata` option), the W3C
 * trace context (when the SDK is on) and the `x-request-id`; the worker processes the job (and
 * logs its `failed`/`completed` lines) inside that request id and trace. Without the SDK the trace
 * calls are OpenTelemetry's no-ops and only the request id travels.
 */
export class RequestIdContextManager {
  getMetadata(ctx: Context): string {
    const carrier: Record<string, string> = {};
    propagation.inject(ctx, carrier);
    const requestId = currentRequestId();
    if (requestId !== undefined) carrier[REQUEST_ID_HEADER] = requestId;
    // Empty: BullMQ stores no metadata with the job.
    return Object.keys(carrier).length > 0 ? JSON.stringify(carrier) : '';
  }

  fromMetadata(activeCtx: Context, metadata: string): Context {
    let carrier: Record<string, unknown>;
    try {
      carrier = JSON.parse(metadata) as Record<string, unknown>;
    } catch {
      return activeCtx;
    }
    const ctx = propagation.extract(activeCtx, carrier);
    const requestId = carrier[REQUEST_ID_HEADER];
    return typeof requestId === 'string' && REQUEST_ID_PATTERN.test(requestId)
      ? ctx.setValue(REQUEST_ID_KEY, requestId)
      : ctx;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- BullMQ's ContextManager signature
  with<A extends (...args: any[]) => any>(ctx: Context, fn: A): ReturnType<A> {
    const requestId = ctx.getValue(REQUEST_ID_KEY) as string | undefined;
    return runWithRequestId(requestId, () => context.with(ctx, fn)) as ReturnType<A>;
  }

  active(): Context {
    return context.active();
  }
}

/**
 * The `telemetry` option of every BullMQ Queue and Worker: bullmq-otel's spans (a job added while
 * handling a request continues its trace in the worker) and the request id (see
 * RequestIdContextManager). With no SDK loaded the tracer is OpenTelemetry's no-op one, so only the
 * request id costs anything (one small JSON string per job).
 */
export function bullTelemetry(): { tracer: BullMQOtel['tracer']; contextManager: RequestIdContextManager } {
  return { tracer: new BullMQOtel({ tracerName: 'bullmq' }).tracer, contextManager: new RequestIdContextManager() };
}
