import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';
import { SubscriptionController } from './subscription.controller.js';

/** The Subscription calls of API.md and Stripe's webhook, forwarded to the billing service. */
@Module({
  imports: [IdentityModule],
  controllers: [SubscriptionController, StripeWebhookController],
})
export class BillingModule {}
