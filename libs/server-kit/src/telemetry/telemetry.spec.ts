import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { Writable } from 'node:stream';
import { lastValueFrom, of } from 'rxjs';
import { createLogger } from '../logging/logger.js';
import { rpcSubject } from '../messaging/subject.js';
import { bullTelemetry } from './bullmq.js';
import { serviceNameOf, wantsTraceExport } from './config.js';
import { RpcTraceInterceptor } from './rpc-trace.interceptor.js';
import {
  carrierToNatsHeaders,
  continueTrace,
  currentRequestId,
  currentTraceCarrier,
  natsHeadersToCarrier,
  runInHttpServerSpan,
  runWithRequestId,
  SpanKind,
  withOutgoingSpan,
} from './trace-context.js';

describe('telemetry configuration', () => {
  it('loads the SDK only when the standard variables ask for trace export', () => {
    expect(wantsTraceExport({})).toBe(false);
    expect(wantsTraceExport({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(wantsTraceExport({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(wantsTraceExport({ OTEL_TRACES_EXPORTER: 'console' })).toBe(true);
    expect(wantsTraceExport({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })).toBe(
      false,
    );
    expect(wantsTraceExport({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })).toBe(false);
  });

  it('names each process after its entry point unless OTEL_SERVICE_NAME says otherwise', () => {
    expect(serviceNameOf('/app/services/profiles/dist/main.js', {})).toBe('profiles');
    expect(serviceNameOf('/app/services/fitness/dist/worker.js', {})).toBe('fitness-worker');
    expect(serviceNameOf('/app/services/fitness/dist/worker.js', { OTEL_SERVICE_NAME: 'x' })).toBe('x');
    expect(serviceNameOf(undefined, {})).toBe('runpledge');
  });
});

describe('request id without the SDK', () => {
  it('is on every log line written while working for the request, and only then', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const logger = createLogger('unit', 'info', sink);
    logger.info('before');
    await runWithRequestId('req-1', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.info('during');
    });
    logger.info('after');
    expect(lines.map((l) => [l.msg, l.requestId])).toEqual([
      ['before', undefined],
      ['during', 'req-1'],
      ['after', undefined],
    ]);
    // No span is recording: no trace id is made up.
    expect(lines[1]).not.toHaveProperty('traceId');
  });

  it('travels in the carrier and is refused when it is not a plain id', async () => {
    const carrier = await runWithRequestId('req-2', () => withOutgoingSpan('x', SpanKind.CLIENT, {}, async (c) => c));
    expect(carrier).toEqual({ 'x-request-id': 'req-2' });
    const back = natsHeadersToCarrier(carrierToNatsHeaders(carrier));
    expect(await continueTrace(back, 'y', SpanKind.SERVER, {}, async () => currentRequestId())).toBe('req-2');
    const forged = { 'x-request-id': 'bad id\n{"level":60}' };
    expect(await continueTrace(forged, 'y', SpanKind.SERVER, {}, async () => currentRequestId())).toBeUndefined();
    expect(carrierToNatsHeaders({})).toBeUndefined();
  });

  it("travels with a BullMQ job (the job's propagation metadata): the worker runs it under that id", async () => {
    const { contextManager } = bullTelemetry();
    const metadata = runWithRequestId('req-3', () => contextManager.getMetadata(context.active()));
    expect(JSON.parse(metadata)).toEqual({ 'x-request-id': 'req-3' });
    // Outside a request nothing is stored with the job.
    expect(contextManager.getMetadata(context.active())).toBe('');
    const job = contextManager.fromMetadata(context.active(), metadata);
    expect(await contextManager.with(job, async () => currentRequestId())).toBe('req-3');
    expect(currentRequestId()).toBeUndefined();
    const forged = contextManager.fromMetadata(context.active(), JSON.stringify({ 'x-request-id': 'bad id\n' }));
    expect(contextManager.with(forged, () => currentRequestId())).toBeUndefined();
    expect(contextManager.with(contextManager.fromMetadata(context.active(), 'not json'), () => 1)).toBe(1);
  });
});

describe('traces with the SDK (in-memory exporter)', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const contextManager = new AsyncLocalStorageContextManager();
  // What the Node SDK registers: a tracer provider, an async context manager, W3C trace context.
  beforeAll(() => {
    trace.setGlobalTracerProvider(provider);
    context.setGlobalContextManager(contextManager.enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  });
  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  });

  it('continues the caller trace through NATS headers into the RPC handler, with the request id', async () => {
    exporter.reset();
    const interceptor = new RpcTraceInterceptor();
    // The gateway's side: a client span, its carrier in NATS headers.
    const headers = await runWithRequestId('req-3', () =>
      withOutgoingSpan('profiles.profile.create', SpanKind.CLIENT, {}, async (carrier) =>
        carrierToNatsHeaders(carrier),
      ),
    );
    expect(headers?.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    // The service's side, outside any request's context (as the NATS transport calls it).
    expect(currentRequestId()).toBeUndefined();
    const rpc = {
      getType: () => 'rpc',
      switchToRpc: () => ({
        getContext: () => ({ getSubject: () => rpcSubject('profiles.profile.create'), getHeaders: () => headers }),
      }),
    } as unknown as ExecutionContext;
    let seenRequestId: string | undefined;
    let handlerTraceId: string | undefined;
    const next: CallHandler = {
      handle: () => {
        seenRequestId = currentRequestId();
        handlerTraceId = trace.getActiveSpan()?.spanContext().traceId;
        return of('done');
      },
    };
    expect(await lastValueFrom(interceptor.intercept(rpc, next))).toBe('done');
    const spans = exporter.getFinishedSpans();
    const client = spans.find((s) => s.kind === SpanKind.CLIENT)!;
    const server = spans.find((s) => s.kind === SpanKind.SERVER)!;
    expect(server.spanContext().traceId).toBe(client.spanContext().traceId);
    expect(server.parentSpanContext?.spanId).toBe(client.spanContext().spanId);
    expect(server.name).toBe('profiles.profile.create');
    expect(handlerTraceId).toBe(client.spanContext().traceId);
    expect(seenRequestId).toBe('req-3');
  });

  // The trace id of a caller whose trace the sampler left out, as its traceparent says (flags 00).
  const unsampledTraceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const unsampledParent = `00-${unsampledTraceId}-00f067aa0ba902b7-00`;

  it("records nothing for a trace the sampler left out, and sends that decision on with the work's calls", async () => {
    exporter.reset();
    const sent = await continueTrace(
      { traceparent: unsampledParent, 'x-request-id': 'req-4' },
      'fitness.fitness-profile.get',
      SpanKind.SERVER,
      {},
      async () => {
        // No active span: PostgreSQL's and Redis's instrumentations (parent span required) skip the work.
        expect(trace.getActiveSpan()).toBeUndefined();
        expect(currentRequestId()).toBe('req-4');
        const event = currentTraceCarrier();
        const rpc = await withOutgoingSpan(
          'profiles.profile.visibility',
          SpanKind.CLIENT,
          {},
          async (carrier) => carrier,
        );
        return { event, rpc };
      },
    );
    for (const carrier of [sent.event, sent.rpc]) {
      expect(carrier).toEqual({
        traceparent: expect.stringMatching(new RegExp(`^00-${unsampledTraceId}-[0-9a-f]{16}-00$`)),
        'x-request-id': 'req-4',
      });
    }
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it("gives the gateway's requests a server span named by route, or none when the caller's trace is unsampled", async () => {
    exporter.reset();
    const request = { method: 'GET', url: '/api/fitness-profile/p1?x=1', route: '/api/fitness-profile/:profileId' };
    let carrier: Record<string, string> = {};
    const end = runInHttpServerSpan({ ...request, headers: {} }, () => {
      carrier = currentTraceCarrier();
    });
    end(200);
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('GET /api/fitness-profile/:profileId');
    expect(span?.kind).toBe(SpanKind.SERVER);
    expect(span?.attributes).toMatchObject({
      'http.route': '/api/fitness-profile/:profileId',
      'url.path': '/api/fitness-profile/p1',
      'http.response.status_code': 200,
    });
    expect(carrier.traceparent).toBe(`00-${span?.spanContext().traceId}-${span?.spanContext().spanId}-01`);

    exporter.reset();
    let activeSpan: unknown = 'not run';
    const endUnsampled = runInHttpServerSpan({ ...request, headers: { traceparent: unsampledParent } }, () => {
      activeSpan = trace.getActiveSpan();
      carrier = currentTraceCarrier();
    });
    endUnsampled(200);
    expect(activeSpan).toBeUndefined();
    expect(carrier.traceparent).toMatch(new RegExp(`^00-${unsampledTraceId}-[0-9a-f]{16}-00$`));
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
