import { Module } from '@nestjs/common';
import { Mailer } from '@runpledge/server-kit';
import { RepositoriesModule } from '../database/repositories.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { CharityAccessClient } from './charity-access.client.js';
import { SeatNoticeProcessor } from './seat-notice.processor.js';
import { SponsorshipController } from './sponsorship.controller.js';
import { SponsorshipService } from './sponsorship.service.js';

/** A charity's runner places (decision 0024). */
@Module({
  imports: [RepositoriesModule, StripeModule, SubscriptionsModule],
  controllers: [SponsorshipController],
  providers: [SponsorshipService, CharityAccessClient, SeatNoticeProcessor, Mailer],
  exports: [SponsorshipService],
})
export class SponsorshipModule {}
