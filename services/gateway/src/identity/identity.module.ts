import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { AccessTokenGuard } from '../common/guards/access-token.guard.js';
import { AccessTokenKeys } from './access-token-keys.service.js';
import { AccessTokenStrategy } from './access-token.strategy.js';
import { AccountController } from './account.controller.js';
import { AuthController } from './auth.controller.js';
import { PendingSignOuts } from './pending-sign-outs.js';
import { RateLimitService } from './rate-limit.service.js';
import { RevokedSessions } from './revoked-sessions.js';

@Module({
  imports: [PassportModule],
  controllers: [AuthController, AccountController],
  providers: [
    RateLimitService,
    RevokedSessions,
    PendingSignOuts,
    { provide: AccessTokenKeys, useFactory: (rpc: NatsRpcClient) => new AccessTokenKeys(rpc), inject: [NatsRpcClient] },
    AccessTokenStrategy,
    { provide: APP_GUARD, useClass: AccessTokenGuard },
  ],
  exports: [RateLimitService, RevokedSessions],
})
export class IdentityModule {}
