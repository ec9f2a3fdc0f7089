import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Mailer } from '@runpledge/server-kit';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { EmailTokenEntity } from './email-token.entity.js';
import { EmailTokensRepository } from './email-tokens.repository.js';

@Module({
  imports: [TypeOrmModule.forFeature([EmailTokenEntity]), UsersModule, SessionsModule],
  controllers: [AuthController],
  providers: [AuthService, EmailTokensRepository, Mailer],
  exports: [AuthService],
})
export class AuthModule {}
