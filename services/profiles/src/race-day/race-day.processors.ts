import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { RACE_DAY_LIMITS } from '@runpledge/contracts';
import { bullTelemetry, LOGGER } from '@runpledge/server-kit';
import { Worker } from 'bullmq';
import type { Logger } from 'pino';
import { env } from '../config/env.js';
import { bullConnection, bullPrefix } from '../fundraising-totals/totals-queue.js';
import { ScheduledJob } from '../jobs/scheduled-job.js';
import { RACE_DAY_MAIL_QUEUE, RaceDayJobsQueue, type RaceDayMailJob } from './race-day-jobs.queue.js';
import { RaceDayMailService } from './race-day-mail.service.js';
import { RaceDayRepository } from './race-day.repository.js';
import { isRaceMorning, raceDayOf } from './race-day.util.js';

/** The queue, scheduler and job name of the race-day sweep. */
export const RACE_DAY_SWEEP = 'race-day-sweep';
/** Pages and lapsed follows the sweep handles per pass. */
const SWEEP_LIMIT = 5000;

/**
 * The profiles worker's race-day side: the `race-day-mails` queue, and the repeatable sweep that
 * asks for each race morning's mail (from 6:00 in the race's time zone) and lets unconfirmed follows lapse.
 */
@Injectable()
export class RaceDayProcessors implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker | undefined;
  private readonly sweepJob: ScheduledJob;

  constructor(
    private readonly mails: RaceDayMailService,
    private readonly raceDay: RaceDayRepository,
    private readonly jobs: RaceDayJobsQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.sweepJob = new ScheduledJob({
      name: RACE_DAY_SWEEP,
      everyMs: env.RACE_DAY_SWEEP_EVERY_SECONDS * 1000,
      logger,
      run: () => this.sweep(),
    });
  }

  /** One pass: race mornings that have come get their job (the ledger keeps it to one mail each). */
  async sweep(now = new Date()): Promise<{ lapsed: number; mornings: number }> {
    const lapsed = await this.raceDay.deleteLapsed(now, RACE_DAY_LIMITS.confirmationHours, SWEEP_LIMIT);
    const candidates = await this.raceDay.morningCandidates(now.toISOString().slice(0, 10), SWEEP_LIMIT);
    const mornings = candidates.filter((page) => isRaceMorning(raceDayOf(page), now));
    await this.jobs.add(mornings.map((page) => ({ kind: 'morning' as const, runnerProfileId: page.id })));
    return { lapsed, mornings: mornings.length };
  }

  async onApplicationBootstrap(): Promise<void> {
    this.worker = new Worker(
      RACE_DAY_MAIL_QUEUE,
      async (job) => ({ sent: await this.mails.run(job.data as RaceDayMailJob) }),
      {
        connection: bullConnection(),
        prefix: bullPrefix(),
        telemetry: bullTelemetry(),
        concurrency: 4,
      },
    );
    this.worker.on('failed', (job, err) =>
      this.logger.warn({ err, jobId: job?.id, attempts: job?.attemptsMade }, 'race-day mail job failed; retried'),
    );
    this.worker.on('error', (err) => this.logger.error({ err }, 'race-day worker error'));
    await this.worker.waitUntilReady();
    await this.sweepJob.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweepJob.stop();
    await this.worker?.close();
  }
}
