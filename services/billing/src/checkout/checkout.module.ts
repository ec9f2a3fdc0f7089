import { Module } from '@nestjs/common';
import { LifetimeCodesModule } from '../lifetime-codes/lifetime-codes.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { CheckoutController } from './checkout.controller.js';
import { CheckoutService } from './checkout.service.js';

@Module({
  imports: [StripeModule, SubscriptionsModule, LifetimeCodesModule],
  controllers: [CheckoutController],
  providers: [CheckoutService],
})
export class CheckoutModule {}
