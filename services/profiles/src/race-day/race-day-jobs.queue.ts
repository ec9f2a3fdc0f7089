import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { bullTelemetry, JobOutboxRelay, LOGGER, PendingJob } from '@runpledge/server-kit';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { bullConnection, bullPrefix } from '../fundraising-totals/totals-queue.js';

/**
 * The race-day mails: a follower's confirmation, and a page's race-morning, finish and thank-you
 * mails (each recipient's claimed once in the race-day mail ledger, so a job run twice mails nobody twice).
 */
export const RACE_DAY_MAIL_QUEUE = 'race-day-mails';
export type RaceDayMailJob =
  | { kind: 'follower-confirm'; followerId: string }
  | { kind: 'morning' | 'finish'; runnerProfileId: string }
  | { kind: 'thank-you'; thankYouId: string };

const OPTS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 10_000 },
  removeOnComplete: { age: 24 * 3600, count: 100_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
};

/** Named by what it mails: the same mail asked for twice while the first waits adds one job. */
export function raceDayJobId(job: RaceDayMailJob): string {
  switch (job.kind) {
    case 'follower-confirm':
      return `race-day-${job.kind}-${job.followerId}`;
    case 'thank-you':
      return `race-day-${job.kind}-${job.thankYouId}`;
    case 'morning':
    case 'finish':
      return `race-day-${job.kind}-${job.runnerProfileId}`;
  }
}

/** The producer side: jobs recorded in the caller's transaction (the job outbox), added after commit. */
@Injectable()
export class RaceDayJobsQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly mails = new Queue(RACE_DAY_MAIL_QUEUE, {
    connection: bullConnection(),
    prefix: bullPrefix(),
    telemetry: bullTelemetry(),
  });
  readonly relay: JobOutboxRelay;

  constructor(@Inject(LOGGER) logger: Logger, dataSource: DataSource) {
    this.relay = new JobOutboxRelay(dataSource, { [RACE_DAY_MAIL_QUEUE]: this.mails }, logger, { batchSize: 200 });
  }

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.mails.close();
  }

  /** Asks for a mail job in the caller's transaction. */
  async record(manager: EntityManager, job: RaceDayMailJob): Promise<void> {
    await manager.insert(PendingJob, {
      id: randomUUID(),
      queue: RACE_DAY_MAIL_QUEUE,
      name: job.kind,
      data: job,
      // Each ask is its own job (the outbox row's id): the ledger, not the job id, keeps anyone from a
      // second mail of a kind, so a finish recorded, undone and recorded again reaches late followers.
      opts: OPTS,
      traceContext: null,
    });
  }

  /** From the sweep, straight to the queue: the same page again adds nothing while its job waits. */
  async add(jobs: RaceDayMailJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.mails.addBulk(
      // Gone once done: a follower confirmed after the morning's job ran is asked for by a later sweep.
      jobs.map((job) => ({
        name: job.kind,
        data: job,
        opts: { ...OPTS, jobId: raceDayJobId(job), removeOnComplete: true },
      })),
    );
  }
}
