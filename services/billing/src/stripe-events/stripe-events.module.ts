import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Mailer } from '@runpledge/server-kit';
import { StripeModule } from '../stripe/stripe.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { ProcessedStripeEventEntity } from './processed-stripe-event.entity.js';
import { ProcessedStripeEventsRepository } from './processed-stripe-events.repository.js';
import { StripeEventsController } from './stripe-events.controller.js';
import { StripeEventsService } from './stripe-events.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ProcessedStripeEventEntity]), StripeModule, SubscriptionsModule],
  controllers: [StripeEventsController],
  providers: [ProcessedStripeEventsRepository, StripeEventsService, Mailer],
})
export class StripeEventsModule {}
