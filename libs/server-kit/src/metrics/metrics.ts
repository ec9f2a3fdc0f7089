import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';
import { listenInBackground } from '../health/listen-in-background.js';

/**
 * Prometheus metrics of one process (prom-client's default registry), served by
 * `startMetricsServer` on the process's own METRICS_PORT, never through the public gateway.
 *
 * Labels are bounded: HTTP routes are fastify's route templates (`/api/runner-profile/:slug`), RPC
 * patterns and event types come from libs/contracts, queues are named in code. Nothing user-typed.
 */
export const metricsRegistry = register;

/** Seconds; a few buckets around the latency targets (p99 of reads under 250 ms). */
const LATENCY_BUCKETS = [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5];
const JOB_BUCKETS = [0.05, 0.25, 1, 5, 15, 60, 300];

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests the gateway answered, by route template, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: LATENCY_BUCKETS,
});

export const rpcClientDuration = new Histogram({
  name: 'rpc_client_duration_seconds',
  help: 'NATS requests this process sent, by pattern and outcome (ok, rejected, error, timeout, unavailable)',
  labelNames: ['pattern', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
});

export const rpcServerDuration = new Histogram({
  name: 'rpc_server_duration_seconds',
  help: 'NATS requests this service handled, by pattern and outcome (ok, rejected: a 4xx answer, error)',
  labelNames: ['pattern', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
});

export const eventDeliveries = new Counter({
  name: 'events_deliveries_total',
  help: 'JetStream domain-event deliveries to this service, by type and outcome (handled, duplicate, retry, dead_letter, malformed, ignored)',
  labelNames: ['type', 'outcome'] as const,
});

export const eventRedeliveries = new Counter({
  name: 'events_redeliveries_total',
  help: 'JetStream deliveries that were not the first of their event, by type',
  labelNames: ['type'] as const,
});

export const eventConsumerPending = new Gauge({
  name: 'events_consumer_pending',
  help: 'Events still waiting for this consumer after the last delivery (consumer lag), by type',
  labelNames: ['type'] as const,
});

export const webhookEvents = new Counter({
  name: 'webhook_events_total',
  help: 'Webhook calls received, by provider (stripe, strava) and outcome (accepted, rejected, error)',
  labelNames: ['provider', 'outcome'] as const,
});

/** Work handed to a pool of worker threads (drawings, activity files): running or waiting, by pool. */
export const workerPoolTasks = new Gauge({
  name: 'worker_pool_tasks',
  help: 'Tasks running on or waiting for a worker-thread pool of this process, by pool',
  labelNames: ['pool'] as const,
});

export const stravaRateBudget = new Gauge({
  name: 'strava_rate_budget_remaining',
  help: 'Strava API requests left in the current window (15m, daily), as last reported by Strava',
  labelNames: ['window'] as const,
});

export const jobDuration = new Histogram({
  name: 'bullmq_job_duration_seconds',
  help: 'BullMQ job run time in this worker, by queue and outcome (completed, failed)',
  labelNames: ['queue', 'outcome'] as const,
  buckets: JOB_BUCKETS,
});

/** The part of a BullMQ `Queue` the metrics read (server-kit does not depend on bullmq). */
export interface ObservableQueue {
  getJobCounts(...states: string[]): Promise<Record<string, number>>;
}
/** The part of a BullMQ `Worker` the metrics listen to. */
export interface ObservableWorker {
  on(event: 'completed' | 'failed', listener: (job: ObservableJob | undefined) => void): unknown;
}
interface ObservableJob {
  processedOn?: number;
  finishedOn?: number;
}

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
const observedQueues = new Map<string, ObservableQueue>();

new Gauge({
  name: 'bullmq_queue_jobs',
  help: 'BullMQ jobs by queue and state (waiting, active, delayed, failed), read at scrape time',
  labelNames: ['queue', 'state'] as const,
  async collect() {
    await Promise.all(
      [...observedQueues].map(async ([name, queue]) => {
        try {
          const counts = await queue.getJobCounts(...QUEUE_STATES);
          for (const state of QUEUE_STATES) this.set({ queue: name, state }, counts[state] ?? 0);
        } catch {
          // Redis unreachable: keep the last values rather than fail the whole scrape.
        }
      }),
    );
  },
});

/** Reports a queue's waiting/active/delayed/failed counts at every scrape. */
export function observeQueue(name: string, queue: ObservableQueue): void {
  observedQueues.set(name, queue);
}

/** Reports each job's run time (completed or failed) of a worker. */
export function observeWorker(name: string, worker: ObservableWorker): void {
  const record = (outcome: 'completed' | 'failed') => (job: ObservableJob | undefined) => {
    if (job?.processedOn === undefined) return;
    const end = job.finishedOn ?? Date.now();
    jobDuration.observe({ queue: name, outcome }, Math.max(0, end - job.processedOn) / 1000);
  };
  worker.on('completed', record('completed'));
  worker.on('failed', record('failed'));
}

/** The part of a pg `Pool` the metrics read. */
interface ObservablePool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const pools: (() => ObservablePool | undefined)[] = [];

new Gauge({
  name: 'db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting: callers queued for one)',
  labelNames: ['state'] as const,
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const pool of pools) {
      const p = pool();
      if (!p) continue;
      total += p.totalCount;
      idle += p.idleCount;
      waiting += p.waitingCount;
    }
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

/** Reports a TypeORM DataSource's pg pool (read at scrape time; nothing on the query path). */
export function observeDataSourcePool(dataSource: { driver: unknown }): void {
  pools.push(() => (dataSource.driver as { master?: ObservablePool }).master);
}

let defaultsCollected = false;

/** Starts collecting Node's runtime metrics (event loop lag, heap, GC, handles), once per process. */
export function collectRuntimeMetrics(service: string): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  metricsRegistry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });
}

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` in Prometheus text format on its own port (for the cluster's scraper only; the
 * NetworkPolicy lets the monitoring namespace in). It never keeps the process alive on its own.
 */
export async function startMetricsServer(options: {
  port: number;
  service: string;
  host?: string;
  logger?: Logger;
}): Promise<MetricsServer> {
  collectRuntimeMetrics(options.service);
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(req.method === 'GET' ? 404 : 405, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    metricsRegistry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(body),
      (err: unknown) => {
        options.logger?.error({ err }, 'metrics collection failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed');
      },
    );
  });
  const port = await listenInBackground(server, options.port, options.host);
  options.logger?.info({ port }, `metrics at http://localhost:${port}/metrics`);
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Seconds since `start` (a `process.hrtime.bigint()` reading). */
export function secondsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}
