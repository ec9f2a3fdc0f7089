import { bullTelemetry } from '@runpledge/server-kit';
import { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { bullConnection, bullPrefix } from '../fundraising-totals/totals-queue.js';

export interface ScheduledJobOptions {
  /** The job's own queue, and the name of its scheduler and of each job it makes. */
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  logger: Logger;
}

/**
 * A sweep run every `everyMs` by the worker processes, once per deployment whatever their number:
 * one BullMQ job scheduler (declared again by each worker at start, which changes nothing but the
 * interval) adds one job per interval, and one worker takes it.
 */
export class ScheduledJob {
  private queue: Queue | undefined;
  private worker: Worker | undefined;

  constructor(private readonly options: ScheduledJobOptions) {}

  async start(): Promise<void> {
    const { name, everyMs, run, logger } = this.options;
    const connection = { connection: bullConnection(), prefix: bullPrefix(), telemetry: bullTelemetry() };
    this.queue = new Queue(name, connection);
    this.worker = new Worker(name, () => run(), { ...connection, concurrency: 1 });
    this.worker.on('failed', (job, err) =>
      logger.warn({ err, queue: name, jobId: job?.id }, `${name} failed; run again next time`),
    );
    this.worker.on('error', (err) => logger.error({ err, queue: name }, `${name} worker error`));
    await this.worker.waitUntilReady();
    await this.queue.upsertJobScheduler(
      name,
      { every: everyMs },
      { name, data: {}, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } },
    );
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }
}
