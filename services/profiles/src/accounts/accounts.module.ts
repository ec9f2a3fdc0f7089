import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsService } from './accounts.service.js';

@Module({
  imports: [RepositoriesModule],
  controllers: [AccountsController],
  providers: [AccountsService],
})
export class AccountsModule {}
