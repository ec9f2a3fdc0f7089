import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { CharitySponsorshipController } from './charity-sponsorship.controller.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';
import { SubscriptionController } from './subscription.controller.js';

/** The Subscription calls of API.md, a charity's runner places and Stripe's webhook, forwarded to the billing service. */
@Module({
  imports: [IdentityModule],
  controllers: [SubscriptionController, StripeWebhookController, CharitySponsorshipController],
})
export class BillingModule {}
