import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { bullTelemetry, LOGGER } from '@runpledge/server-kit';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { env } from '../config/env.js';
import { StravaApiError, StravaBudgetExhaustedError } from '../strava/strava.errors.js';
import { STRAVA_SYNC_QUEUE, type SyncAthleteJob, type SyncJobName } from './sync-jobs.js';
import { bullConnection, bullPrefix, SyncQueue } from './sync-queue.js';
import { StravaSyncService, type WebhookOutcome } from './strava-sync.service.js';
import type { StravaWebhookEvent } from '@runpledge/contracts';
import { observeQueue, observeWorker } from '@runpledge/server-kit';

/**
 * The BullMQ worker of `strava-sync`. When the shared Strava budget is spent it rate-limits the
 * whole queue until the window resets (every worker of every process pauses) and puts the job back
 * without counting an attempt.
 */
@Injectable()
export class SyncProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker | undefined;

  constructor(
    private readonly sync: StravaSyncService,
    private readonly queue: SyncQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.worker = new Worker(STRAVA_SYNC_QUEUE, (job) => this.process(job), {
      connection: bullConnection(),
      prefix: bullPrefix(),
      telemetry: bullTelemetry(),
      concurrency: env.SYNC_WORKER_CONCURRENCY,
      // A limiter must be set for a manual queue.rateLimit to hold workers; the real limit is our budget.
      limiter: { max: 1_000_000, duration: 1000 },
    });
    this.worker.on('failed', (job, err) =>
      this.logger.warn({ err, jobId: job?.id, name: job?.name, attempts: job?.attemptsMade }, 'sync job failed'),
    );
    this.worker.on('error', (err) => this.logger.error({ err }, 'sync worker error'));
    // An event Strava contradicted leaves no job behind to swallow the genuine one (see WebhookOutcome).
    this.worker.on('completed', (job, result: unknown) => {
      if (job.name === 'webhook-event' && (result as WebhookOutcome | undefined)?.confirmed === false)
        job.remove().catch((err: unknown) => this.logger.warn({ err, jobId: job.id }, 'could not drop a webhook job'));
    });
    observeWorker(STRAVA_SYNC_QUEUE, this.worker);
    observeQueue(STRAVA_SYNC_QUEUE, this.queue.queue);
    await this.worker.waitUntilReady();
    await this.queue.scheduleReconcile(env.STRAVA_RECONCILE_EVERY_MINUTES * 60_000);
    if (env.STRAVA_WEBHOOK_SUBSCRIBE) await this.queue.ensureWebhookSubscription();
  }

  async onApplicationShutdown(): Promise<void> {
    // Lets running jobs finish; a job cut short by a crash is picked up again as stalled.
    await this.worker?.close();
  }

  private async process(job: Job): Promise<unknown> {
    try {
      switch (job.name as SyncJobName) {
        case 'sync-athlete':
          return await this.sync.syncAthlete(job as Job<SyncAthleteJob>);
        case 'webhook-event':
          return await this.sync.applyWebhookEvent(job.data as StravaWebhookEvent);
        case 'reconcile':
          return await this.sync.reconcile();
        case 'ensure-webhook-subscription':
          return await this.sync.ensureWebhookSubscription();
        default:
          throw new UnrecoverableError(`unknown job ${job.name}`);
      }
    } catch (err) {
      if (err instanceof StravaBudgetExhaustedError) {
        await this.queue.queue.rateLimit(err.waitMs);
        throw Worker.RateLimitError();
      }
      // The subscription is retried whatever Strava said: its callback may simply not be up yet.
      if (err instanceof StravaApiError && !err.retryable && job.name !== 'ensure-webhook-subscription') {
        throw new UnrecoverableError(err.message);
      }
      throw err;
    }
  }
}
