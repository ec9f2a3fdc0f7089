import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { LifetimeCodesService } from './lifetime-codes.service.js';

@Module({
  imports: [RepositoriesModule, SubscriptionsModule],
  providers: [LifetimeCodesService],
  exports: [LifetimeCodesService],
})
export class LifetimeCodesModule {}
