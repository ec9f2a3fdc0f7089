import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities/activities.module.js';
import { RepositoriesModule } from '../database/repositories.module.js';
import { ActivityUploadsController } from './activity-uploads.controller.js';
import { ActivityUploadsService } from './activity-uploads.service.js';

/** Runs from uploaded files, stored through the activities' own path (ActivitiesService.storeOwn). */
@Module({
  imports: [RepositoriesModule, ActivitiesModule],
  controllers: [ActivityUploadsController],
  providers: [ActivityUploadsService],
})
export class ActivityUploadsModule {}
