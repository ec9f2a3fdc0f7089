import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { bullTelemetry, JobOutboxRelay, LOGGER, recordJob } from '@runpledge/server-kit';
import { Queue, QueueEvents, type ConnectionOptions, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { env } from '../config/env.js';
import { STRAVA_SYNC_QUEUE, type SyncAthleteJob, type SyncAthleteResult, type SyncJobName } from './sync-jobs.js';
import type { StravaWebhookEvent } from '@runpledge/contracts';

/** BullMQ keys live under the deployment's Redis prefix, so test runs and stacks never share a queue. */
export const bullPrefix = (): string => `${env.REDIS_PREFIX}bull`;
export const bullConnection = (): ConnectionOptions => ({ url: env.REDIS_URL, maxRetriesPerRequest: null });

const RETRY = { attempts: 6, backoff: { type: 'exponential', delay: 2_000 } } as const;
const KEEP = { removeOnComplete: { age: 3600, count: 1000 }, removeOnFail: { age: 24 * 3600, count: 1000 } } as const;

export const webhookJobId = (event: Pick<StravaWebhookEvent, 'object_type' | 'object_id' | 'aspect_type'>): string =>
  `webhook-${event.object_type}-${event.object_id}-${event.aspect_type}`;

/**
 * The producer side of the `strava-sync` queue: adding jobs and waiting for them. A job a change asks
 * for is recorded in its transaction (`pending_jobs`) and relayed after commit.
 */
@Injectable()
export class SyncQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly queue = new Queue(STRAVA_SYNC_QUEUE, {
    connection: bullConnection(),
    prefix: bullPrefix(),
    telemetry: bullTelemetry(),
  });
  readonly relay: JobOutboxRelay;
  // Same prefix as the queue, or waitUntilFinished never hears the job finish.
  private events: QueueEvents | undefined;

  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    dataSource: DataSource,
  ) {
    this.relay = new JobOutboxRelay(dataSource, { [STRAVA_SYNC_QUEUE]: this.queue }, logger);
  }

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  /** `syncAthlete` in the caller's transaction, added to the queue once it commits. */
  recordSyncAthlete(manager: EntityManager, userId: string, reason: SyncAthleteJob['reason']): Promise<string> {
    return recordJob(
      manager,
      STRAVA_SYNC_QUEUE,
      'sync-athlete' satisfies SyncJobName,
      { userId, reason },
      {
        ...RETRY,
        ...KEEP,
        deduplication: { id: `sync-${userId}` },
      },
    );
  }

  /** One sync per user at a time: a request while one is pending joins it. */
  syncAthlete(userId: string, reason: SyncAthleteJob['reason']): Promise<Job<SyncAthleteJob, SyncAthleteResult>> {
    return this.queue.add(
      'sync-athlete' satisfies SyncJobName,
      { userId, reason },
      { ...RETRY, ...KEEP, deduplication: { id: `sync-${userId}` } },
    );
  }

  /**
   * One job per (object, id, aspect), whatever the event_time: a replayed or retried event finds the
   * job already there and costs nothing. The job re-reads the object from Strava, so a later genuine
   * update is still seen: an update's finished job is kept only briefly, a create, delete or
   * deauthorization (which happen once) for a day, unless Strava contradicted it (then it is dropped
   * at once, see WebhookOutcome).
   */
  webhookEvent(event: StravaWebhookEvent): Promise<Job> {
    const jobId = webhookJobId(event);
    const keepSeconds = event.aspect_type === 'update' && event.object_type === 'activity' ? 60 : 24 * 3600;
    return this.queue.add('webhook-event' satisfies SyncJobName, event, {
      ...RETRY,
      ...KEEP,
      removeOnComplete: { age: keepSeconds },
      jobId,
    });
  }

  /** `waitFor` by job id; undefined also when the job is gone (removed) already. */
  async waitForId<T>(jobId: string, timeoutMs: number): Promise<T | undefined> {
    const job = await this.queue.getJob(jobId);
    return job ? this.waitFor<T>(job, timeoutMs) : undefined;
  }

  /** Waits up to `timeoutMs` for a job's result; undefined when it is still going. */
  async waitFor<T>(job: Job, timeoutMs: number): Promise<T | undefined> {
    this.events ??= new QueueEvents(STRAVA_SYNC_QUEUE, { connection: bullConnection(), prefix: bullPrefix() });
    try {
      return (await job.waitUntilFinished(this.events, timeoutMs)) as T;
    } catch (err) {
      if (/timed out before finishing/.test((err as Error).message)) return undefined;
      throw err;
    }
  }

  /** Retried with back-off: Strava validates the callback, so the gateway must be up first. */
  async ensureWebhookSubscription(): Promise<void> {
    await this.queue.add(
      'ensure-webhook-subscription' satisfies SyncJobName,
      {},
      {
        jobId: 'ensure-webhook-subscription',
        attempts: 8,
        backoff: { type: 'exponential', delay: 2_000 },
        removeOnComplete: true,
        removeOnFail: true,
      },
    );
  }

  /** The scheduled reconcile: one repeatable job, however many processes declare it. */
  async scheduleReconcile(everyMs: number): Promise<void> {
    await this.queue.upsertJobScheduler(
      'reconcile',
      { every: everyMs },
      { name: 'reconcile' satisfies SyncJobName, data: {} },
    );
    this.logger.info({ everyMs }, 'Strava reconcile scheduled');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.events?.close();
    await this.queue.close();
  }
}
