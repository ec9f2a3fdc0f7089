import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { ActivitiesModule } from '../activities/activities.module.js';
import { TrainingStatsController } from './training-stats.controller.js';
import { TrainingStatsService } from './training-stats.service.js';

@Module({
  imports: [RepositoriesModule, ActivitiesModule],
  controllers: [TrainingStatsController],
  providers: [TrainingStatsService],
})
export class TrainingStatsModule {}
