import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [RepositoriesModule],
  controllers: [UsersController],
  providers: [UsersService],
})
export class UsersModule {}
