import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { PageInsightsController } from './page-insights.controller.js';
import { PageInsightsService } from './page-insights.service.js';
import { PageInsightsStore } from './page-insights.store.js';

/** Owner insights, the service's side: visitors' events in, the owner's figures out (needs `RedisModule`). */
@Module({
  imports: [RepositoriesModule],
  controllers: [PageInsightsController],
  providers: [PageInsightsStore, PageInsightsService],
  exports: [PageInsightsService],
})
export class PageInsightsModule {}
