import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { bullTelemetry, JobOutboxRelay, LOGGER, recordJob } from '@runpledge/server-kit';
import { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { env } from '../config/env.js';
import { bullConnection, bullPrefix } from '../fundraising-totals/totals-queue.js';

export const CLAIM_DIGEST_QUEUE = 'claim-digests';
export interface ClaimDigestJob {
  userId: string;
}

/**
 * The producer side of `claim-digests`: a claim asks for its owner's digest in the transaction that
 * handles its event; the owner's first claim schedules it CLAIM_DIGEST_DELAY_MS ahead and the claims
 * made before it runs join that one (one job per owner at a time).
 */
@Injectable()
export class ClaimDigestQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly queue = new Queue(CLAIM_DIGEST_QUEUE, {
    connection: bullConnection(),
    prefix: bullPrefix(),
    telemetry: bullTelemetry(),
  });
  readonly relay: JobOutboxRelay;

  constructor(@Inject(LOGGER) logger: Logger, dataSource: DataSource) {
    this.relay = new JobOutboxRelay(dataSource, { [CLAIM_DIGEST_QUEUE]: this.queue }, logger);
  }

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.queue.close();
  }

  record(manager: EntityManager, userId: string): Promise<string> {
    return recordJob(manager, CLAIM_DIGEST_QUEUE, 'send-claim-digest', { userId } satisfies ClaimDigestJob, {
      deduplication: { id: `claim-digest:${userId}` },
      delay: env.CLAIM_DIGEST_DELAY_MS,
      attempts: 8,
      backoff: { type: 'exponential', delay: 30_000 },
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 24 * 3600, count: 1000 },
    });
  }
}
