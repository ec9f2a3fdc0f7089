import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivitiesModule } from '../activities/activities.module.js';
import { ActivityEntity } from '../activities/activity.entity.js';
import { DistanceByDayController } from './distance-by-day.controller.js';
import { DistanceByDayRepository } from './distance-by-day.repository.js';
import { DistanceByDayService } from './distance-by-day.service.js';

/** `fitness.distance.by-day`: the runs pledges per mile count, per day and source. */
@Module({
  imports: [TypeOrmModule.forFeature([ActivityEntity]), ActivitiesModule],
  controllers: [DistanceByDayController],
  providers: [DistanceByDayRepository, DistanceByDayService],
})
export class DistanceByDayModule {}
