import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { AccountDataController } from './account-data.controller.js';
import { AccountDataService } from './account-data.service.js';

/** A user's footprint in billing: exported on request; cancelled and removed when the account is deleted. */
@Module({
  imports: [RepositoriesModule, StripeModule],
  controllers: [AccountDataController],
  providers: [AccountDataService],
})
export class AccountDataModule {}
