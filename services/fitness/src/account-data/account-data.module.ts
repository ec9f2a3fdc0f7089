import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { StravaConnectionsModule } from '../strava-connections/strava-connections.module.js';
import { AccountDataController } from './account-data.controller.js';
import { AccountDataService } from './account-data.service.js';

/** A user's footprint in fitness: exported on request; deauthorized and removed when the account is deleted. */
@Module({
  imports: [RepositoriesModule, StravaConnectionsModule],
  controllers: [AccountDataController],
  providers: [AccountDataService],
})
export class AccountDataModule {}
