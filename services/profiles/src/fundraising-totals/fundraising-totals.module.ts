import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { TotalsQueueModule } from './totals-queue.module.js';
import { TotalsController } from './totals.controller.js';
import { TotalsService } from './totals.service.js';

/** The service's side of fundraising totals: refresh requests and the donor wall. */
@Module({
  imports: [RepositoriesModule, TotalsQueueModule],
  controllers: [TotalsController],
  providers: [TotalsService],
})
export class FundraisingTotalsModule {}
