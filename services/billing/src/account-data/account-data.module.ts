import { Module } from '@nestjs/common';
import { StripeModule } from '../stripe/stripe.module.js';
import { AccountDataController } from './account-data.controller.js';
import { AccountDataRepository } from './account-data.repository.js';
import { AccountDataService } from './account-data.service.js';

/** A user's footprint in billing: exported on request; cancelled and removed when the account is deleted. */
@Module({
  imports: [StripeModule],
  controllers: [AccountDataController],
  providers: [AccountDataRepository, AccountDataService],
})
export class AccountDataModule {}
