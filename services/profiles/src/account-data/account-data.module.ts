import { Module } from '@nestjs/common';
import { PageInsightsModule } from '../page-insights/page-insights.module.js';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { RunnerProfilesModule } from '../runner-profiles/runner-profiles.module.js';
import { AccountDataController } from './account-data.controller.js';
import { AccountDataRepository } from './account-data.repository.js';
import { AccountDataService } from './account-data.service.js';

/** A user's whole footprint in profiles: exported on request, removed when the account is deleted. */
@Module({
  imports: [RunnerProfilesModule, ProfileCacheModule, PageInsightsModule],
  controllers: [AccountDataController],
  providers: [AccountDataRepository, AccountDataService],
})
export class AccountDataModule {}
