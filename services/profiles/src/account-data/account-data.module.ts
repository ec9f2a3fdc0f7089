import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { PageInsightsModule } from '../page-insights/page-insights.module.js';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { AccountDataController } from './account-data.controller.js';
import { AccountDataService } from './account-data.service.js';

/** A user's whole footprint in profiles: exported on request, removed when the account is deleted. */
@Module({
  imports: [RepositoriesModule, ProfileCacheModule, PageInsightsModule],
  controllers: [AccountDataController],
  providers: [AccountDataService],
})
export class AccountDataModule {}
