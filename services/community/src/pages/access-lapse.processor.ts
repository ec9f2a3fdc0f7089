import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { bullTelemetry, LOGGER, observeQueue, observeWorker } from '@runpledge/server-kit';
import { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { env } from '../config/env.js';
import { AccessLapseService } from './access-lapse.service.js';

/** Community's scheduled passes, one repeatable job each. */
export const COMMUNITY_SWEEPS_QUEUE = 'community-sweeps';

const connection = () => ({ url: env.REDIS_URL, maxRetriesPerRequest: null });
const prefix = () => `${env.REDIS_PREFIX}bull`;

/** Runs the access-lapse pass every ACCESS_LAPSE_SWEEP_EVERY_SECONDS, on whichever worker takes the job. */
@Injectable()
export class AccessLapseProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly queue = new Queue(COMMUNITY_SWEEPS_QUEUE, {
    connection: connection(),
    prefix: prefix(),
    telemetry: bullTelemetry(),
  });
  private worker: Worker | undefined;

  constructor(
    private readonly lapse: AccessLapseService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.worker = new Worker(
      COMMUNITY_SWEEPS_QUEUE,
      async () => {
        const owners = await this.lapse.sweep();
        if (owners > 0) this.logger.info({ owners }, 'lapsed owners left their groups’ standings');
        return { owners };
      },
      { connection: connection(), prefix: prefix(), telemetry: bullTelemetry(), concurrency: 1 },
    );
    this.worker.on('failed', (job, err) =>
      this.logger.warn({ err, jobId: job?.id }, 'access lapse pass failed; tried again next time'),
    );
    this.worker.on('error', (err) => this.logger.error({ err }, 'community sweeps worker error'));
    observeWorker(COMMUNITY_SWEEPS_QUEUE, this.worker);
    observeQueue(COMMUNITY_SWEEPS_QUEUE, this.queue);
    await this.worker.waitUntilReady();
    await this.queue.upsertJobScheduler(
      'access-lapse',
      { every: env.ACCESS_LAPSE_SWEEP_EVERY_SECONDS * 1000 },
      { name: 'access-lapse', data: {}, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }
}
