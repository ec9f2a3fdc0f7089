import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { bullTelemetry, LOGGER } from '@runpledge/server-kit';
import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { env } from '../config/env.js';
import { PlatformError } from './platform.errors.js';
import { TOTALS_SYNC_QUEUE, type SendMilestonesJob, type SyncPageJob, type TotalsJobName } from './totals-jobs.js';
import { bullConnection, bullPrefix, TotalsQueue } from './totals-queue.js';
import { HostBusyError, TooSoonError, TotalsSyncService } from './totals-sync.service.js';
import { observeQueue, observeWorker } from '@runpledge/server-kit';

/**
 * The BullMQ worker of `totals-sync`. A read refused for being too soon waits its turn without
 * spending an attempt; 429 and 5xx retry with exponential back-off (longer when the platform says
 * `Retry-After`).
 */
@Injectable()
export class TotalsSyncProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker | undefined;

  constructor(
    private readonly sync: TotalsSyncService,
    private readonly queue: TotalsQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.worker = new Worker(TOTALS_SYNC_QUEUE, (job, token) => this.process(job, token), {
      connection: bullConnection(),
      prefix: bullPrefix(),
      telemetry: bullTelemetry(),
      concurrency: env.TOTALS_SYNC_CONCURRENCY,
      settings: {
        backoffStrategy: (attemptsMade, _type, err) => {
          const exponential = env.TOTALS_RETRY_DELAY_MS * 2 ** Math.max(0, attemptsMade - 1);
          const asked = err instanceof PlatformError ? (err.retryAfterMs ?? 0) : 0;
          return Math.max(exponential, asked);
        },
      },
    });
    this.worker.on('failed', (job, err) =>
      this.logger.warn({ err, jobId: job?.id, attempts: job?.attemptsMade }, 'totals sync failed; last totals kept'),
    );
    this.worker.on('error', (err) => this.logger.error({ err }, 'totals sync worker error'));
    observeWorker(TOTALS_SYNC_QUEUE, this.worker);
    observeQueue(TOTALS_SYNC_QUEUE, this.queue.queue);
    await this.worker.waitUntilReady();
    await this.queue.scheduleAll(env.TOTALS_SYNC_EVERY_SECONDS * 1000);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  private async process(job: Job, token: string | undefined): Promise<unknown> {
    switch (job.name as TotalsJobName) {
      case 'sync-page':
        return this.syncPage(job, token);
      case 'schedule-all':
        return { queued: await this.sync.scheduleAll() };
      case 'send-milestones':
        return { mailed: await this.sync.sendMilestones((job.data as SendMilestonesJob).profileId) };
      default:
        throw new UnrecoverableError(`unknown job ${job.name}`);
    }
  }

  private async syncPage(job: Job, token: string | undefined): Promise<unknown> {
    // BullMQ has no job deadline of its own: the job's signal ends its platform requests.
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new Error(`The sync job ran out of time (${env.TOTALS_JOB_TIMEOUT_MS} ms)`)),
      env.TOTALS_JOB_TIMEOUT_MS,
    );
    try {
      return await this.sync.syncPage(job.data as SyncPageJob, deadline.signal);
    } catch (err) {
      if (err instanceof TooSoonError || err instanceof HostBusyError) {
        await job.moveToDelayed(Date.now() + err.waitMs, token);
        throw new DelayedError();
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }
}
