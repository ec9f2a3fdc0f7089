import { Module } from '@nestjs/common';
import { Mailer } from '@runpledge/server-kit';
import { RepositoriesModule } from '../database/repositories.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';

@Module({
  imports: [RepositoriesModule, SessionsModule],
  controllers: [AuthController],
  providers: [AuthService, Mailer],
  exports: [AuthService],
})
export class AuthModule {}
