import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { bullTelemetry, LOGGER, observeQueue, observeWorker } from '@runpledge/server-kit';
import { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { env } from '../config/env.js';
import { SponsorshipService } from './sponsorship.service.js';

/** Billing's scheduled passes, one repeatable job each (billing has no worker process: they run here). */
export const BILLING_SWEEPS_QUEUE = 'billing-sweeps';

const connection = () => ({ url: env.REDIS_URL, maxRetriesPerRequest: null });
const prefix = () => `${env.REDIS_PREFIX}bull`;

/**
 * Every SEAT_NOTICE_SWEEP_EVERY_SECONDS one replica mails the runners whose place ends within a
 * week; each runner is claimed per end in the database, so passes never mail anyone twice.
 */
@Injectable()
export class SeatNoticeProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly queue = new Queue(BILLING_SWEEPS_QUEUE, {
    connection: connection(),
    prefix: prefix(),
    telemetry: bullTelemetry(),
  });
  private worker: Worker | undefined;

  constructor(
    private readonly sponsorship: SponsorshipService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.worker = new Worker(
      BILLING_SWEEPS_QUEUE,
      async () => {
        const mailed = await this.sponsorship.sendEndingNotices();
        if (mailed > 0) this.logger.info({ mailed }, 'runners told their place ends within a week');
        return { mailed };
      },
      { connection: connection(), prefix: prefix(), telemetry: bullTelemetry(), concurrency: 1 },
    );
    this.worker.on('failed', (job, err) =>
      this.logger.warn({ err, jobId: job?.id }, 'place ending notices failed; tried again next time'),
    );
    this.worker.on('error', (err) => this.logger.error({ err }, 'billing sweeps worker error'));
    observeWorker(BILLING_SWEEPS_QUEUE, this.worker);
    observeQueue(BILLING_SWEEPS_QUEUE, this.queue);
    await this.worker.waitUntilReady();
    await this.queue.upsertJobScheduler(
      'seat-ending-notices',
      { every: env.SEAT_NOTICE_SWEEP_EVERY_SECONDS * 1000 },
      { name: 'seat-ending-notices', data: {}, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }
}
