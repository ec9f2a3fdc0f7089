import { AsyncLocalStorage } from 'node:async_hooks';
import { headers as natsHeaders, type MsgHdrs } from '@nats-io/transport-node';
import {
  context,
  createContextKey,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Span,
  type SpanContext,
} from '@opentelemetry/api';

/**
 * What travels with work from one process to the next: the W3C `traceparent` (and `tracestate`,
 * when the OpenTelemetry SDK is on, see telemetry/start.ts) and our request id. Carried as NATS
 * headers on RPC requests and JetStream events, stored with outbox rows, and in BullMQ job options.
 */
export type TraceCarrier = Record<string, string>;

export const REQUEST_ID_HEADER = 'x-request-id';
/** What a request id may look like wherever it arrives from (the gateway's header, a NATS header). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

const tracer = trace.getTracer('runpledge');

// The request id has its own store rather than OpenTelemetry baggage: it must reach every log line
// also when no SDK (hence no context manager) is loaded.
const requestIds = new AsyncLocalStorage<string>();

/** The id of the request the current code works for, if any (read by every logger's mixin). */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/** Runs `fn` (and everything it starts) on behalf of the request `requestId`. */
export function runWithRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return requestId === undefined ? fn() : requestIds.run(requestId, fn);
}

/**
 * Runs `fn` outside any request: no request id and the root trace context, also for the timers and
 * promises it starts (e.g. an outbox relay's next pass, which works for each row's own request).
 */
export function detachedFromRequest<T>(fn: () => T): T {
  return requestIds.exit(() => context.with(ROOT_CONTEXT, fn));
}

/** The fields every log line gets: the request id and, when a span is recording, its trace id. */
export function logContext(): Record<string, string> {
  const requestId = requestIds.getStore();
  const span = trace.getActiveSpan();
  if (span === undefined || !span.isRecording()) return requestId === undefined ? {} : { requestId };
  const { traceId, spanId } = span.spanContext();
  return requestId === undefined ? { traceId, spanId } : { requestId, traceId, spanId };
}

/**
 * Work whose trace is not sampled (the sampler said no where the trace began: 9 requests in 10 at
 * production's ratio) records nothing, so it runs without an active span, which spares it every
 * span a traced call would start (NATS client and server spans here; PostgreSQL and Redis, whose
 * instrumentations need a parent span). The trace context is kept under this key instead and still
 * sent on with whatever the work sends (NATS requests, events, jobs), so downstream processes
 * follow the same decision.
 */
const UNSAMPLED_TRACE = createContextKey('runpledge.unsampled-trace');

function isUnsampled(spanContext: SpanContext | undefined): boolean {
  return (
    spanContext !== undefined && isSpanContextValid(spanContext) && (spanContext.traceFlags & TraceFlags.SAMPLED) === 0
  );
}

/** `ctx` for work of an unsampled trace: no active span, the trace context kept to send on. */
function unsampled(ctx: Context): Context {
  return trace.deleteSpan(ctx).setValue(UNSAMPLED_TRACE, ctx);
}

/** Whether the active context is an unsampled trace's (see UNSAMPLED_TRACE). */
function inUnsampledTrace(active: Context = context.active()): boolean {
  const span = trace.getSpan(active);
  return span === undefined ? active.getValue(UNSAMPLED_TRACE) !== undefined : isUnsampled(span.spanContext());
}

/** The carrier for work started now: the active trace context and request id. Empty when there is none. */
export function currentTraceCarrier(): TraceCarrier {
  const carrier: TraceCarrier = {};
  const active = context.active();
  const kept =
    trace.getSpan(active) === undefined ? (active.getValue(UNSAMPLED_TRACE) as Context | undefined) : undefined;
  propagation.inject(kept ?? active, carrier);
  const requestId = requestIds.getStore();
  if (requestId !== undefined) carrier[REQUEST_ID_HEADER] = requestId;
  return carrier;
}

/** NATS headers holding `carrier`; undefined when it is empty (no header block on the wire then). */
export function carrierToNatsHeaders(carrier: TraceCarrier | null | undefined): MsgHdrs | undefined {
  if (!carrier) return undefined;
  const keys = Object.keys(carrier);
  if (keys.length === 0) return undefined;
  const h = natsHeaders();
  for (const key of keys) h.set(key, carrier[key] as string);
  return h;
}

/** The trace carrier found in a message's NATS headers (those we send, nothing else). */
export function natsHeadersToCarrier(h: MsgHdrs | undefined): TraceCarrier {
  const carrier: TraceCarrier = {};
  if (!h) return carrier;
  for (const key of ['traceparent', 'tracestate', 'baggage', REQUEST_ID_HEADER]) {
    const value = h.get(key);
    if (value) carrier[key] = value;
  }
  return carrier;
}

function finish(span: Span, err?: unknown): void {
  if (err !== undefined) {
    span.recordException(err instanceof Error ? err : new Error(String(err)));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

/**
 * Runs `fn` inside a new span of `kind` that continues the trace (and request id) in `carrier`.
 * Without the SDK the tracer is OpenTelemetry's no-op one: no span is recorded, the request id
 * still reaches the logs.
 */
export async function continueTrace<T>(
  carrier: TraceCarrier | null | undefined,
  name: string,
  kind: SpanKind,
  attributes: Attributes,
  fn: () => Promise<T>,
): Promise<T> {
  const parent = carrier ? propagation.extract(context.active(), carrier) : context.active();
  const rawId = carrier?.[REQUEST_ID_HEADER];
  const requestId = rawId !== undefined && REQUEST_ID_PATTERN.test(rawId) ? rawId : currentRequestId();
  if (inUnsampledTrace(parent)) {
    const ctx = trace.getSpan(parent) === undefined ? parent : unsampled(parent);
    return runWithRequestId(requestId, () => context.with(ctx, fn));
  }
  const span = tracer.startSpan(name, { kind, attributes }, parent);
  return runWithRequestId(requestId, () =>
    context.with(trace.setSpan(parent, span), async () => {
      try {
        const result = await fn();
        finish(span);
        return result;
      } catch (err) {
        finish(span, err);
        throw err;
      }
    }),
  );
}

/** What an HTTP server span is made from: the request line, its route template, its headers. */
export interface HttpServerRequest {
  method: string;
  /** The path and query as received. */
  url: string;
  /** The route template, e.g. `/api/runner-profile/:slug`; undefined when no route matched. */
  route: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Runs `next` (the rest of an HTTP request's handling, e.g. a Fastify hook's `done`) in a server
 * span named by the route template (`GET /api/runner-profile/:slug`) that continues the trace in
 * the request's headers; returns what ends the span with the response's status. The gateway's
 * hooks do this rather than the HTTP instrumentation, which also bound every request's and
 * response's listeners to the context, sampled or not. A request the sampler leaves out runs as
 * an unsampled trace's work (UNSAMPLED_TRACE).
 */
export function runInHttpServerSpan(request: HttpServerRequest, next: () => void): (statusCode: number) => void {
  const parent = propagation.extract(ROOT_CONTEXT, request.headers);
  const path = request.url.split('?')[0] ?? request.url;
  const attributes: Attributes = { 'http.request.method': request.method, 'url.path': path };
  if (request.route !== undefined) attributes['http.route'] = request.route;
  const name = request.route === undefined ? request.method : `${request.method} ${request.route}`;
  const span = tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
  const withSpan = trace.setSpan(parent, span);
  context.with(isUnsampled(span.spanContext()) ? unsampled(withSpan) : withSpan, next);
  let ended = false;
  return (statusCode) => {
    if (ended) return;
    ended = true;
    if (span.isRecording()) {
      span.setAttribute('http.response.status_code', statusCode);
      if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };
}

/** Runs `fn` in a client/producer span (none in an unsampled trace) and hands it the carrier to send along. */
export async function withOutgoingSpan<T>(
  name: string,
  kind: SpanKind,
  attributes: Attributes,
  fn: (carrier: TraceCarrier) => Promise<T>,
): Promise<T> {
  if (inUnsampledTrace()) return fn(currentTraceCarrier());
  const span = tracer.startSpan(name, { kind, attributes });
  return context.with(trace.setSpan(context.active(), span), async () => {
    try {
      const result = await fn(currentTraceCarrier());
      finish(span);
      return result;
    } catch (err) {
      finish(span, err);
      throw err;
    }
  });
}

export { SpanKind };
