import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessTokensService } from './access-tokens.service.js';
import { SessionEntity } from './session.entity.js';
import { KeysController } from './keys.controller.js';
import { SessionsController } from './sessions.controller.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity]), JwtModule.register({})],
  controllers: [SessionsController, KeysController],
  providers: [SessionsRepository, SessionsService, AccessTokensService],
  exports: [SessionsService],
})
export class SessionsModule {}
