import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { env } from '../config/env.js';
import { ScheduledJob } from '../jobs/scheduled-job.js';
import { AccessLapseService } from './access-lapse.service.js';

/** The queue, scheduler and job name of the access-lapse sweep. */
export const ACCESS_LAPSE_SWEEP = 'access-lapse-sweep';

/** The profiles worker's repeatable job: owners whose past-due grace ran out leave their teams' sums. */
@Injectable()
export class AccessLapseProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly job: ScheduledJob;

  constructor(lapses: AccessLapseService, @Inject(LOGGER) logger: Logger) {
    this.job = new ScheduledJob({
      name: ACCESS_LAPSE_SWEEP,
      everyMs: env.ACCESS_LAPSE_SWEEP_EVERY_SECONDS * 1000,
      logger,
      run: async () => {
        const owners = await lapses.sweep();
        if (owners > 0) logger.info({ owners }, 'lapsed owners left their teams’ sums');
        return { owners };
      },
    });
  }

  onApplicationBootstrap(): Promise<void> {
    return this.job.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.job.stop();
  }
}
