import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RunnerProfilesModule } from '../runner-profiles/runner-profiles.module.js';
import { DonationEntity } from './donation.entity.js';
import { DonationsRepository } from './donations.repository.js';
import { TotalsQueueModule } from './totals-queue.module.js';
import { TotalsController } from './totals.controller.js';
import { TotalsService } from './totals.service.js';

/** The service's side of fundraising totals: refresh requests and the donor wall. */
@Module({
  imports: [TypeOrmModule.forFeature([DonationEntity]), RunnerProfilesModule, TotalsQueueModule],
  controllers: [TotalsController],
  providers: [DonationsRepository, TotalsService],
})
export class FundraisingTotalsModule {}
