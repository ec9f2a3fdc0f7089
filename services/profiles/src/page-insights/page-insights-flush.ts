import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { env } from '../config/env.js';
import { PageInsightsService } from './page-insights.service.js';

/**
 * The profiles worker's periodic copy of the live insight counters to `page_daily_stats`. A plain
 * timer is enough: the flush is idempotent and safe with several workers (see `flush`).
 */
@Injectable()
export class PageInsightsFlush implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly insights: PageInsightsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), env.INSIGHTS_FLUSH_EVERY_SECONDS * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.insights
      .flush()
      .then((written) => written > 0 && this.logger.debug({ written }, 'insights flushed'))
      .catch((err: unknown) => this.logger.warn({ err }, 'insights flush failed; retried next time'))
      .finally(() => (this.running = undefined));
    await this.running;
  }
}
