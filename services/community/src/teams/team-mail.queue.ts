import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { bullTelemetry, JobOutboxRelay, LOGGER, recordJob } from '@runpledge/server-kit';
import { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { env } from '../config/env.js';

export const TEAM_MAIL_QUEUE = 'community-team-mails';
export type TeamMailJob =
  { kind: 'join-request'; teamId: string; runnerProfileId: string } | { kind: 'digest'; teamId: string };

export const teamMailConnection = () => ({ url: env.REDIS_URL, maxRetriesPerRequest: null });
export const teamMailPrefix = () => `${env.REDIS_PREFIX}bull`;

const retries = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 30_000 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 24 * 3600, count: 1000 },
};

/**
 * The producer side of the captains' mails, recorded in the transaction of the change: a join request
 * mails the captain at once; a new member asks for the team's digest, TEAM_DIGEST_DELAY_MS ahead, and
 * the members joining before it runs join that one (one digest job per team at a time).
 */
@Injectable()
export class TeamMailQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly queue = new Queue(TEAM_MAIL_QUEUE, {
    connection: teamMailConnection(),
    prefix: teamMailPrefix(),
    telemetry: bullTelemetry(),
  });
  readonly relay: JobOutboxRelay;

  constructor(@Inject(LOGGER) logger: Logger, dataSource: DataSource) {
    this.relay = new JobOutboxRelay(dataSource, { [TEAM_MAIL_QUEUE]: this.queue }, logger);
  }

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.queue.close();
  }

  recordJoinRequest(manager: EntityManager, teamId: string, runnerProfileId: string): Promise<string> {
    const job: TeamMailJob = { kind: 'join-request', teamId, runnerProfileId };
    return recordJob(manager, TEAM_MAIL_QUEUE, 'team-join-request', job, retries);
  }

  recordDigest(manager: EntityManager, teamId: string): Promise<string> {
    const job: TeamMailJob = { kind: 'digest', teamId };
    return recordJob(manager, TEAM_MAIL_QUEUE, 'team-digest', job, {
      ...retries,
      deduplication: { id: `team-digest:${teamId}` },
      delay: env.TEAM_DIGEST_DELAY_MS,
    });
  }
}
