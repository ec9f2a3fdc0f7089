import { Module } from '@nestjs/common';
import { StravaConnectionsModule } from '../strava-connections/strava-connections.module.js';
import { AccountDataController } from './account-data.controller.js';
import { AccountDataRepository } from './account-data.repository.js';
import { AccountDataService } from './account-data.service.js';

/** A user's footprint in fitness: exported on request; deauthorized and removed when the account is deleted. */
@Module({
  imports: [StravaConnectionsModule],
  controllers: [AccountDataController],
  providers: [AccountDataRepository, AccountDataService],
})
export class AccountDataModule {}
