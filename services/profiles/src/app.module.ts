import { Module } from '@nestjs/common';
import { ServiceCoreModule } from '@runpledge/server-kit';
import { AccountsModule } from './accounts/accounts.module.js';
import { dataSourceOptions } from './database/data-source.js';

@Module({
  imports: [ServiceCoreModule.forService({ service: 'profiles', dataSource: dataSourceOptions }), AccountsModule],
})
export class AppModule {}
