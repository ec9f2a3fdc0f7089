import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { bullTelemetry, LOGGER } from '@runpledge/server-kit';
import { Worker } from 'bullmq';
import type { Logger } from 'pino';
import { bullConnection, bullPrefix } from '../fundraising-totals/totals-queue.js';
import { CLAIM_DIGEST_QUEUE, type ClaimDigestJob } from './claim-digest.queue.js';
import { ClaimDigestService } from './claim-digest.service.js';

/** The BullMQ worker of `claim-digests`: one digest mail per job. */
@Injectable()
export class ClaimDigestProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker | undefined;

  constructor(
    private readonly digests: ClaimDigestService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.worker = new Worker(
      CLAIM_DIGEST_QUEUE,
      async (job) => ({ told: await this.digests.send((job.data as ClaimDigestJob).userId) }),
      { connection: bullConnection(), prefix: bullPrefix(), telemetry: bullTelemetry() },
    );
    this.worker.on('failed', (job, err) =>
      this.logger.warn({ err, jobId: job?.id, attempts: job?.attemptsMade }, 'claim digest not sent; retried'),
    );
    this.worker.on('error', (err) => this.logger.error({ err }, 'claim digest worker error'));
    await this.worker.waitUntilReady();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
