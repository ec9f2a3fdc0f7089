import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities/activities.module.js';
import { TrainingStatsController } from './training-stats.controller.js';
import { TrainingStatsService } from './training-stats.service.js';

@Module({ imports: [ActivitiesModule], controllers: [TrainingStatsController], providers: [TrainingStatsService] })
export class TrainingStatsModule {}
