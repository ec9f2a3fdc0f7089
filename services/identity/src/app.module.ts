import { Module } from '@nestjs/common';
import { ServiceCoreModule } from '@runpledge/server-kit';
import { AccountModule } from './account/account.module.js';
import { AuthModule } from './auth/auth.module.js';
import { dataSourceOptions } from './database/data-source.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { UsersModule } from './users/users.module.js';

@Module({
  imports: [
    ServiceCoreModule.forService({ service: 'identity', dataSource: dataSourceOptions }),
    UsersModule,
    SessionsModule,
    AuthModule,
    AccountModule,
  ],
})
export class AppModule {}
