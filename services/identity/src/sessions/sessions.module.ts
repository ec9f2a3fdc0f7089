import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { RepositoriesModule } from '../database/repositories.module.js';
import { AccessTokensService } from './access-tokens.service.js';
import { KeysController } from './keys.controller.js';
import { SessionsController } from './sessions.controller.js';
import { SessionsService } from './sessions.service.js';

@Module({
  imports: [RepositoriesModule, JwtModule.register({})],
  controllers: [SessionsController, KeysController],
  providers: [SessionsService, AccessTokensService],
  exports: [SessionsService],
})
export class SessionsModule {}
