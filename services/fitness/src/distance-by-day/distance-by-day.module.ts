import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { DistanceByDayController } from './distance-by-day.controller.js';
import { DistanceByDayService } from './distance-by-day.service.js';

/** `fitness.distance.by-day`: the runs pledges per mile count, per day and source (the ledger's seed). */
@Module({
  imports: [RepositoriesModule],
  controllers: [DistanceByDayController],
  providers: [DistanceByDayService],
})
export class DistanceByDayModule {}
