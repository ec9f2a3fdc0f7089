import { Module } from '@nestjs/common';
import { ServiceCoreModule } from '@runpledge/server-kit';
import { AccountDataModule } from './account-data/account-data.module.js';
import { CheckoutModule } from './checkout/checkout.module.js';
import { dataSourceOptions } from './database/data-source.js';
import { SponsorshipModule } from './sponsorship/sponsorship.module.js';
import { StripeEventsModule } from './stripe-events/stripe-events.module.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.module.js';

@Module({
  imports: [
    ServiceCoreModule.forService({ service: 'billing', dataSource: dataSourceOptions }),
    SubscriptionsModule,
    CheckoutModule,
    SponsorshipModule,
    StripeEventsModule,
    AccountDataModule,
  ],
})
export class AppModule {}
