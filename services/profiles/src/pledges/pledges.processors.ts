import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { bullTelemetry, LOGGER } from '@runpledge/server-kit';
import { Worker } from 'bullmq';
import type { Logger } from 'pino';
import { env } from '../config/env.js';
import { bullConnection, bullPrefix } from '../fundraising-totals/totals-queue.js';
import { PledgeMailService } from './pledge-mail.service.js';
import {
  PLEDGE_MAIL_QUEUE,
  PLEDGES_DUE_QUEUE,
  PledgeJobsQueue,
  type PageDueJob,
  type PledgeMailJob,
} from './pledge-jobs.queue.js';
import { PledgesDueService } from './pledges-due.service.js';

/**
 * The BullMQ workers of pledges per mile: `pledges-due` (the sweep on a schedule, and each page's
 * pledges falling due) and `pledge-mails` (one mail a job, many at once).
 */
@Injectable()
export class PledgesProcessors implements OnApplicationBootstrap, OnApplicationShutdown {
  private workers: Worker[] = [];

  constructor(
    private readonly due: PledgesDueService,
    private readonly mails: PledgeMailService,
    private readonly jobs: PledgeJobsQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const options = { connection: bullConnection(), prefix: bullPrefix(), telemetry: bullTelemetry() };
    const dueWorker = new Worker(
      PLEDGES_DUE_QUEUE,
      async (job) => {
        if (job.name === 'sweep') return this.due.sweep();
        return { due: await this.due.fallDue((job.data as PageDueJob).runnerProfileId) };
      },
      { ...options, concurrency: 2 },
    );
    const mailWorker = new Worker(
      PLEDGE_MAIL_QUEUE,
      async (job) => {
        const { pledgeIds, kind } = job.data as PledgeMailJob;
        return { sent: await this.mails.send(pledgeIds, kind) };
      },
      { ...options, concurrency: env.PLEDGE_MAIL_CONCURRENCY },
    );
    this.workers = [dueWorker, mailWorker];
    for (const worker of this.workers) {
      worker.on('failed', (job, err) =>
        this.logger.warn(
          { err, queue: worker.name, jobId: job?.id, attempts: job?.attemptsMade },
          'pledge job failed; retried',
        ),
      );
      worker.on('error', (err) => this.logger.error({ err, queue: worker.name }, 'pledge worker error'));
    }
    await Promise.all(this.workers.map((w) => w.waitUntilReady()));
    await this.jobs.due.upsertJobScheduler(
      'pledges-sweep',
      { every: env.PLEDGES_SWEEP_EVERY_SECONDS * 1000 },
      { name: 'sweep', data: {}, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
  }
}
