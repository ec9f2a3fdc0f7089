import { Module } from '@nestjs/common';
import { ServiceCoreModule } from '@runpledge/server-kit';
import { dataSourceOptions } from './database/data-source.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.module.js';

@Module({
  imports: [ServiceCoreModule.forService({ service: 'billing', dataSource: dataSourceOptions }), SubscriptionsModule],
})
export class AppModule {}
