import { Module } from '@nestjs/common';
import { Mailer } from '@runpledge/server-kit';
import { RepositoriesModule } from '../database/repositories.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { SponsorshipModule } from '../sponsorship/sponsorship.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { StripeEventsController } from './stripe-events.controller.js';
import { StripeEventsService } from './stripe-events.service.js';

@Module({
  imports: [RepositoriesModule, StripeModule, SubscriptionsModule, SponsorshipModule],
  controllers: [StripeEventsController],
  providers: [StripeEventsService, Mailer],
})
export class StripeEventsModule {}
