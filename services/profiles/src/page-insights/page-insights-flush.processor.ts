import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { env } from '../config/env.js';
import { ScheduledJob } from '../jobs/scheduled-job.js';
import { PageInsightsService } from './page-insights.service.js';

/** The queue, scheduler and job name of the insights flush. */
export const INSIGHTS_FLUSH = 'insights-flush';

/**
 * The profiles worker's repeatable job copying the live insight counters to `page_daily_stats`
 * (idempotent, see `flush`).
 */
@Injectable()
export class PageInsightsFlushProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly job: ScheduledJob;

  constructor(insights: PageInsightsService, @Inject(LOGGER) logger: Logger) {
    this.job = new ScheduledJob({
      name: INSIGHTS_FLUSH,
      everyMs: env.INSIGHTS_FLUSH_EVERY_SECONDS * 1000,
      logger,
      run: async () => {
        const written = await insights.flush();
        if (written > 0) logger.debug({ written }, 'insights flushed');
        return { written };
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
