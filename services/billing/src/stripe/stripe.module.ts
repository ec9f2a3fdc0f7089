import { Module } from '@nestjs/common';
import { env } from '../config/env.js';
import { stripeConfigFrom } from './stripe-config.js';
import { StripeClient } from './stripe.client.js';

@Module({
  providers: [{ provide: StripeClient, useFactory: () => new StripeClient(stripeConfigFrom(env)) }],
  exports: [StripeClient],
})
export class StripeModule {}
