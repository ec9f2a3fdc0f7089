import { Module } from '@nestjs/common';
import { ServiceCoreModule } from '@runpledge/server-kit';
import { dataSourceOptions } from './database/data-source.js';
import { UsersModule } from './users/users.module.js';

@Module({
  imports: [ServiceCoreModule.forService({ service: 'identity', dataSource: dataSourceOptions }), UsersModule],
})
export class AppModule {}
