import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { SyncQueueModule } from '../sync/sync-queue.module.js';
import { StravaConnectionsController } from './strava-connections.controller.js';
import { StravaConnectionsService } from './strava-connections.service.js';
import { StravaTokensService } from './strava-tokens.service.js';

@Module({
  imports: [RepositoriesModule, SyncQueueModule],
  controllers: [StravaConnectionsController],
  providers: [StravaConnectionsService, StravaTokensService],
  exports: [StravaConnectionsService, StravaTokensService],
})
export class StravaConnectionsModule {}
