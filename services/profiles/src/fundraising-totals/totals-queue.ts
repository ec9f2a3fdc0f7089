import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { bullTelemetry, LOGGER } from '@runpledge/server-kit';
import { Queue, type ConnectionOptions, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { env } from '../config/env.js';
import { TOTALS_SYNC_QUEUE, type SyncPageJob, type TotalsJobName, type TotalsSyncReason } from './totals-jobs.js';

/** BullMQ keys live under the deployment's Redis prefix, so test runs and stacks never share a queue. */
export const bullPrefix = (): string => `${env.REDIS_PREFIX}bull`;
export const bullConnection = (): ConnectionOptions => ({ url: env.REDIS_URL, maxRetriesPerRequest: null });

const KEEP = { removeOnComplete: { age: 600, count: 1000 }, removeOnFail: { age: 24 * 3600, count: 1000 } } as const;
export const RETRY = () =>
  ({ attempts: env.TOTALS_SYNC_ATTEMPTS, backoff: { type: 'exponential', delay: env.TOTALS_RETRY_DELAY_MS } }) as const;

/** The producer side of the `totals-sync` queue. */
@Injectable()
export class TotalsQueue implements OnApplicationShutdown {
  readonly queue = new Queue(TOTALS_SYNC_QUEUE, {
    connection: bullConnection(),
    prefix: bullPrefix(),
    telemetry: bullTelemetry(),
  });

  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

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

  /** Mails the page's unmailed milestones; fails quietly (the next change or sync mails them). */
  async sendMilestonesQuietly(profileId: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.queue.add('send-milestones' satisfies TotalsJobName, { profileId }, { ...RETRY(), ...KEEP }),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('the totals queue did not answer in time')), 1_000);
        }),
      ]);
    } catch (err) {
      this.logger.warn({ err, profileId }, 'could not queue the milestone e-mails');
    } finally {
      clearTimeout(timer);
    }
  }

  /** After a page is saved: failures are logged, the schedule catches up. */
  async syncPageQuietly(profileId: string, reason: TotalsSyncReason): Promise<void> {
    try {
      await this.syncPageWithin(profileId, reason, 1_000);
    } catch (err) {
      this.logger.warn({ err, profileId }, 'could not queue a totals sync; the schedule will catch up');
    }
  }

  /** The scheduled pass: one repeatable job, however many processes declare it. */
  async scheduleAll(everyMs: number): Promise<void> {
    await this.queue.upsertJobScheduler('totals-schedule-all', { every: everyMs }, { name: 'schedule-all', data: {} });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
