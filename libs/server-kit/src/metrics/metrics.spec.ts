import { afterEach, describe, expect, it } from '@jest/globals';
import { ServiceException } from '../messaging/service.exception.js';
import { EventEmitter } from 'node:events';
import { lastValueFrom, of, throwError } from 'rxjs';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import {
  jobDuration,
  metricsRegistry,
  observeQueue,
  observeWorker,
  rpcServerDuration,
  startMetricsServer,
  type MetricsServer,
} from './metrics.js';
import { RpcMetricsInterceptor } from './rpc-metrics.interceptor.js';

const count = async (
  metric: { get(): Promise<{ values: { labels: object; value: number; metricName?: string }[] }> },
  labels: Record<string, string>,
) =>
  (await metric.get()).values
    .filter((v) => v.metricName?.endsWith('_count'))
    .filter((v) => Object.entries(labels).every(([k, val]) => (v.labels as Record<string, string>)[k] === val))
    .reduce((sum, v) => sum + v.value, 0);

const rpcContext = (subject: string): ExecutionContext =>
  ({
    getType: () => 'rpc',
    switchToRpc: () => ({ getContext: () => ({ getSubject: () => subject }) }),
  }) as unknown as ExecutionContext;

describe('metrics', () => {
  let server: MetricsServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('serves the registry as Prometheus text at /metrics only, with runtime metrics and the service label', async () => {
    server = await startMetricsServer({ port: 0, host: '127.0.0.1', service: 'unit' });
    const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(metricsRegistry.contentType);
    const body = await res.text();
    expect(body).toMatch(/^process_cpu_user_seconds_total\{service="unit"\} \d/m);
    expect(body).toContain('# TYPE rpc_server_duration_seconds histogram');
    expect((await fetch(`http://127.0.0.1:${server.port}/other`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('labels handled RPCs by contracts pattern (the subject less the run prefix) and outcome', async () => {
    const interceptor = new RpcMetricsInterceptor();
    const prefix = process.env.NATS_SUBJECT_PREFIX ?? '';
    const ok: CallHandler = { handle: () => of({ fine: true }) };
    const refused: CallHandler = { handle: () => throwError(() => ServiceException.notFound('no such page')) };
    const broken: CallHandler = { handle: () => throwError(() => new Error('bug')) };
    const pattern = 'unit.thing.get';
    const before = {
      ok: await count(rpcServerDuration, { pattern, outcome: 'ok' }),
      rejected: await count(rpcServerDuration, { pattern, outcome: 'rejected' }),
      error: await count(rpcServerDuration, { pattern, outcome: 'error' }),
    };
    await lastValueFrom(interceptor.intercept(rpcContext(`${prefix}${pattern}`), ok));
    await expect(lastValueFrom(interceptor.intercept(rpcContext(`${prefix}${pattern}`), refused))).rejects.toThrow(
      'no such page',
    );
    await expect(lastValueFrom(interceptor.intercept(rpcContext(`${prefix}${pattern}`), broken))).rejects.toThrow(
      'bug',
    );
    expect(await count(rpcServerDuration, { pattern, outcome: 'ok' })).toBe(before.ok + 1);
    expect(await count(rpcServerDuration, { pattern, outcome: 'rejected' })).toBe(before.rejected + 1);
    expect(await count(rpcServerDuration, { pattern, outcome: 'error' })).toBe(before.error + 1);
  });

  it('reads queue counts at scrape time and times finished jobs', async () => {
    let waiting = 3;
    observeQueue('unit-queue', {
      getJobCounts: async (...states: string[]) =>
        Object.fromEntries(states.map((s) => [s, s === 'waiting' ? waiting : 1])) as Record<string, number>,
    });
    const scrape = async () => metricsRegistry.getSingleMetricAsString('bullmq_queue_jobs');
    expect(await scrape()).toMatch(/^bullmq_queue_jobs\{queue="unit-queue",state="waiting"[^}]*\} 3$/m);
    waiting = 7;
    expect(await scrape()).toMatch(/^bullmq_queue_jobs\{queue="unit-queue",state="waiting"[^}]*\} 7$/m);
    expect(await scrape()).toMatch(/^bullmq_queue_jobs\{queue="unit-queue",state="failed"[^}]*\} 1$/m);

    const worker = new EventEmitter();
    observeWorker('unit-queue', worker as never);
    worker.emit('completed', { processedOn: 1_000, finishedOn: 3_000 });
    worker.emit('failed', { processedOn: 1_000, finishedOn: 1_500 });
    worker.emit('failed', undefined);
    const values = (await jobDuration.get()).values;
    const sum = (outcome: string) =>
      values.find((v) => v.metricName === 'bullmq_job_duration_seconds_sum' && v.labels.outcome === outcome)?.value;
    expect(sum('completed')).toBe(2);
    expect(sum('failed')).toBe(0.5);
  });
});
