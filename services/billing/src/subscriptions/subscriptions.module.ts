import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { SubscriptionsController } from './subscriptions.controller.js';
import { RunnerAccess } from './runner-access.service.js';
import { SubscriptionsService } from './subscriptions.service.js';

@Module({
  imports: [RepositoriesModule, StripeModule],
  controllers: [SubscriptionsController],
  providers: [SubscriptionsService, RunnerAccess],
  exports: [SubscriptionsService, RunnerAccess],
})
export class SubscriptionsModule {}
