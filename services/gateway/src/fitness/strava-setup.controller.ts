import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  FITNESS,
  stravaCompleteSetupBodySchema,
  stravaConnectBodySchema,
  type SessionUser,
} from '@runpledge/contracts';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { assertOwnUserId } from './own-user-id.js';

@Controller('fitness/strava')
export class StravaSetupController {
  constructor(private readonly rpc: NatsRpcClient) {}

  @Post('connect')
  @HttpCode(200)
  connect(@CurrentUser() user: SessionUser, @Body() body: unknown): Promise<{ success: true }> {
    assertOwnUserId(user, body);
    const payload = parseOrThrow(stravaConnectBodySchema, { ...(body as object), userId: user.id });
    return this.rpc.call(FITNESS.strava.connect, payload);
  }

  @Post('complete-setup')
  @HttpCode(200)
  completeSetup(@CurrentUser() user: SessionUser, @Body() body: unknown): Promise<{ success: true }> {
    assertOwnUserId(user, body);
    const payload = parseOrThrow(stravaCompleteSetupBodySchema, { ...(body as object), userId: user.id });
    return this.rpc.call(FITNESS.strava.completeSetup, payload);
  }
}
