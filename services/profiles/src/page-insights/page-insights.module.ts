import { Module } from '@nestjs/common';
import { RunnerProfilesModule } from '../runner-profiles/runner-profiles.module.js';
import { PageDailyStatsRepository } from './page-daily-stats.repository.js';
import { PageInsightsController } from './page-insights.controller.js';
import { PageInsightsService } from './page-insights.service.js';
import { PageInsightsStore } from './page-insights.store.js';

/** Owner insights, the service's side: visitors' events in, the owner's figures out (needs `RedisModule`). */
@Module({
  imports: [RunnerProfilesModule],
  controllers: [PageInsightsController],
  providers: [PageInsightsStore, PageDailyStatsRepository, PageInsightsService],
  exports: [PageInsightsService],
})
export class PageInsightsModule {}
