import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { bullTelemetry, JobOutboxRelay, LOGGER, recordJob } from '@runpledge/server-kit';
import { Queue, type ConnectionOptions, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { env } from '../config/env.js';
import { TOTALS_SYNC_QUEUE, type SyncPageJob, type TotalsJobName, type TotalsSyncReason } from './totals-jobs.js';

/** BullMQ keys live under the deployment's Redis prefix, so test runs and stacks never share a queue. */
export const bullPrefix = (): string => `${env.REDIS_PREFIX}bull`;
export const bullConnection = (): ConnectionOptions => ({ url: env.REDIS_URL, maxRetriesPerRequest: null });

const KEEP = { removeOnComplete: { age: 600, count: 1000 }, removeOnFail: { age: 24 * 3600, count: 1000 } } as const;
export const RETRY = () =>
  ({ attempts: env.TOTALS_SYNC_ATTEMPTS, backoff: { type: 'exponential', delay: env.TOTALS_RETRY_DELAY_MS } }) as const;

/**
 * The producer side of the `totals-sync` queue. Jobs a change asks for are recorded in its
 * transaction (`pending_jobs`) and relayed to the queue after commit: not lost when Redis is away,
 * even if this process dies before it is back.
 */
@Injectable()
export class TotalsQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly queue = new Queue(TOTALS_SYNC_QUEUE, {
    connection: bullConnection(),
    prefix: bullPrefix(),
    telemetry: bullTelemetry(),
  });
  readonly relay: JobOutboxRelay;

  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    dataSource: DataSource,
  ) {
    this.relay = new JobOutboxRelay(dataSource, { [TOTALS_SYNC_QUEUE]: this.queue }, logger);
  }

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  /** In the caller's transaction: mail the page's unmailed milestones once it commits. */
  recordMilestones(manager: EntityManager, profileId: string): Promise<string> {
    return recordJob(
      manager,
      TOTALS_SYNC_QUEUE,
      'send-milestones' satisfies TotalsJobName,
      { profileId },
      {
        ...RETRY(),
        ...KEEP,
      },
    );
  }

  /** In the caller's transaction: one sync of the page once it commits (joins one already waiting). */
  recordSync(manager: EntityManager, profileId: string, reason: TotalsSyncReason): Promise<string> {
    return recordJob(
      manager,
      TOTALS_SYNC_QUEUE,
      'sync-page' satisfies TotalsJobName,
      { profileId, reason },
      {
        ...RETRY(),
        ...KEEP,
        deduplication: { id: `totals-${reason}-${profileId}` },
      },
    );
  }

  /** One pending job per page and reason: asking again while one waits joins it. */
  syncPage(profileId: string, reason: TotalsSyncReason, delayMs = 0): Promise<Job<SyncPageJob>> {
    return this.queue.add(
      'sync-page' satisfies TotalsJobName,
      { profileId, reason },
      { ...RETRY(), ...KEEP, delay: delayMs, deduplication: { id: `totals-${reason}-${profileId}` } },
    );
  }

  /** Many pages at once, for the scheduled pass. */
  async syncPages(pages: { profileId: string; delayMs: number }[]): Promise<void> {
    await this.queue.addBulk(
      pages.map(({ profileId, delayMs }) => ({
        name: 'sync-page' satisfies TotalsJobName,
        data: { profileId, reason: 'scheduled' as const },
        opts: { ...RETRY(), ...KEEP, delay: delayMs, deduplication: { id: `totals-scheduled-${profileId}` } },
      })),
    );
  }

  /** Queues within `deadlineMs` or throws: Redis being away must not hold a request. */
  async syncPageWithin(profileId: string, reason: TotalsSyncReason, deadlineMs = 2_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.syncPage(profileId, reason),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('the totals queue did not answer in time')), deadlineMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The scheduled pass: one repeatable job, however many processes declare it. */
  async scheduleAll(everyMs: number): Promise<void> {
    await this.queue.upsertJobScheduler('totals-schedule-all', { every: everyMs }, { name: 'schedule-all', data: {} });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.queue.close();
  }
}
