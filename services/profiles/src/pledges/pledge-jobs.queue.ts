import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { bullTelemetry, JobOutboxRelay, LOGGER, PendingJob } from '@runpledge/server-kit';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { bullConnection, bullPrefix } from '../fundraising-totals/totals-queue.js';

/**
 * One kind of mail to the supporters of up to MAIL_BATCH pledges: the confirmation, the mail when it
 * falls due, or reminder 1 or 2.
 */
export const PLEDGE_MAIL_QUEUE = 'pledge-mails';
export type PledgeMailKind = 'confirm' | 'due' | 'reminder-1' | 'reminder-2';
export interface PledgeMailJob {
  kind: PledgeMailKind;
  pledgeIds: string[];
}
/** Pledges per mail job: one claim statement and one page lookup serve them all. */
export const MAIL_BATCH = 500;

function batches(kind: PledgeMailKind, pledgeIds: string[]): PledgeMailJob[] {
  const jobs: PledgeMailJob[] = [];
  for (let i = 0; i < pledgeIds.length; i += MAIL_BATCH)
    jobs.push({ kind, pledgeIds: pledgeIds.slice(i, i + MAIL_BATCH) });
  return jobs;
}

/** A page's pledges falling due, and the sweep (lapses, due dates, reminders). */
export const PLEDGES_DUE_QUEUE = 'pledges-due';
export interface PageDueJob {
  runnerProfileId: string;
}

const MAIL_OPTS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 10_000 },
  removeOnComplete: { age: 24 * 3600, count: 200_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
};

/** Named by its kind, first pledge and size: the same batch asked for again adds no job. */
export const pledgeMailJobId = (job: PledgeMailJob) =>
  `pledge-mail-${job.kind}-${job.pledgeIds[0]}-${job.pledgeIds.length}`;

/**
 * The producer side of the pledge queues. Jobs are recorded in the caller's transaction (the job
 * outbox) and added after commit; a mail's job id names its pledge and kind, so asking twice for
 * the same mail adds one job (and the mail itself is marked sent in the row it is about).
 */
@Injectable()
export class PledgeJobsQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly mails = new Queue(PLEDGE_MAIL_QUEUE, {
    connection: bullConnection(),
    prefix: bullPrefix(),
    telemetry: bullTelemetry(),
  });
  readonly due = new Queue(PLEDGES_DUE_QUEUE, {
    connection: bullConnection(),
    prefix: bullPrefix(),
    telemetry: bullTelemetry(),
  });
  readonly relay: JobOutboxRelay;

  constructor(@Inject(LOGGER) logger: Logger, dataSource: DataSource) {
    this.relay = new JobOutboxRelay(
      dataSource,
      { [PLEDGE_MAIL_QUEUE]: this.mails, [PLEDGES_DUE_QUEUE]: this.due },
      logger,
      { batchSize: 500 },
    );
  }

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await Promise.all([this.mails.close(), this.due.close()]);
  }

  /** Asks for mails in the caller's transaction, in one insert. */
  async recordMails(manager: EntityManager, kind: PledgeMailKind, pledgeIds: string[]): Promise<void> {
    const jobs = batches(kind, pledgeIds);
    if (jobs.length === 0) return;
    await manager.insert(
      PendingJob,
      jobs.map((job) => ({
        id: randomUUID(),
        queue: PLEDGE_MAIL_QUEUE,
        name: job.kind,
        data: job,
        opts: { ...MAIL_OPTS, jobId: pledgeMailJobId(job) },
        traceContext: null,
      })),
    );
  }

  /** Asks for a page's pledges to fall due, in the caller's transaction. */
  async recordPageDue(manager: EntityManager, runnerProfileId: string): Promise<void> {
    await manager.insert(PendingJob, {
      id: randomUUID(),
      queue: PLEDGES_DUE_QUEUE,
      name: 'page-due',
      data: { runnerProfileId } satisfies PageDueJob,
      opts: {
        attempts: 10,
        backoff: { type: 'exponential', delay: 15_000 },
        removeOnComplete: true,
        removeOnFail: { age: 7 * 24 * 3600 },
      },
      traceContext: null,
    });
  }

  /** From the sweep, straight to the queue: the same ids again add nothing. */
  async addMails(kind: PledgeMailKind, pledgeIds: string[]): Promise<void> {
    const jobs = batches(kind, pledgeIds);
    if (jobs.length === 0) return;
    await this.mails.addBulk(
      jobs.map((job) => ({ name: job.kind, data: job, opts: { ...MAIL_OPTS, jobId: pledgeMailJobId(job) } })),
    );
  }

  async addPagesDue(pageIds: string[]): Promise<void> {
    if (pageIds.length === 0) return;
    await this.due.addBulk(
      pageIds.map((runnerProfileId) => ({
        name: 'page-due',
        data: { runnerProfileId } satisfies PageDueJob,
        opts: {
          jobId: `pledges-due-${runnerProfileId}`,
          attempts: 10,
          backoff: { type: 'exponential', delay: 15_000 },
          removeOnComplete: true,
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      })),
    );
  }
}
