import { Module } from '@nestjs/common';
import { StravaConnectionsModule } from '../strava-connections/strava-connections.module.js';
import { SyncQueueModule } from './sync-queue.module.js';
import { StravaSyncService } from './strava-sync.service.js';
import { SyncProcessor } from './sync.processor.js';

@Module({ imports: [SyncQueueModule, StravaConnectionsModule], providers: [StravaSyncService, SyncProcessor] })
export class SyncWorkerModule {}
