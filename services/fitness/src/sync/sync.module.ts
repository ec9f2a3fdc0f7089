import { Module } from '@nestjs/common';
import { SyncController } from './sync.controller.js';
import { SyncQueueModule } from './sync-queue.module.js';
import { SyncService } from './sync.service.js';

@Module({ imports: [SyncQueueModule], controllers: [SyncController], providers: [SyncService] })
export class SyncModule {}
