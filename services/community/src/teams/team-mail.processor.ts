import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { bullTelemetry, LOGGER } from '@runpledge/server-kit';
import { Worker } from 'bullmq';
import type { Logger } from 'pino';
import { TEAM_MAIL_QUEUE, teamMailConnection, teamMailPrefix, type TeamMailJob } from './team-mail.queue.js';
import { TeamMailService } from './team-mail.service.js';

/** The BullMQ worker of the captains' mails: one mail per job. */
@Injectable()
export class TeamMailProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker | undefined;

  constructor(
    private readonly mails: TeamMailService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.worker = new Worker(
      TEAM_MAIL_QUEUE,
      async (job) => ({ told: await this.mails.send(job.data as TeamMailJob) }),
      { connection: teamMailConnection(), prefix: teamMailPrefix(), telemetry: bullTelemetry() },
    );
    this.worker.on('failed', (job, err) =>
      this.logger.warn({ err, jobId: job?.id, attempts: job?.attemptsMade }, 'team mail not sent; retried'),
    );
    this.worker.on('error', (err) => this.logger.error({ err }, 'team mail worker error'));
    await this.worker.waitUntilReady();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
