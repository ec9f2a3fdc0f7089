import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  FITNESS,
  stravaAuthorizeRequestSchema,
  stravaCompleteAuthorizationSchema,
  stravaCompleteSetupBodySchema,
  stravaConnectBodySchema,
  stravaUserRequestSchema,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { StravaConnectionsService } from './strava-connections.service.js';

/** The gateway passes the session user as `userId`; bodies are the spec 7 payloads. */
@Controller()
export class StravaConnectionsController {
  constructor(private readonly connections: StravaConnectionsService) {}

  @RpcHandler(FITNESS.strava.authorizeUrl)
  authorizeUrl(@Payload() payload: unknown) {
    const { userId, profileSlug, nonce } = stravaAuthorizeRequestSchema.parse(payload);
    return this.connections.authorizeUrl(userId, profileSlug, nonce);
  }

  @RpcHandler(FITNESS.strava.completeAuthorization)
  completeAuthorization(@Payload() payload: unknown) {
    return this.connections.completeAuthorization(stravaCompleteAuthorizationSchema.parse(payload));
  }

  @RpcHandler(FITNESS.strava.connect)
  connect(@Payload() payload: unknown) {
    const { userId, ...body } = stravaConnectBodySchema.parse(payload);
    return this.connections.connect(userId, body);
  }

  @RpcHandler(FITNESS.strava.completeSetup)
  completeSetup(@Payload() payload: unknown) {
    const { userId, ...body } = stravaCompleteSetupBodySchema.parse(payload);
    return this.connections.completeSetup(userId, body);
  }

  @RpcHandler(FITNESS.strava.disconnect)
  disconnect(@Payload() payload: unknown) {
    return this.connections.disconnect(stravaUserRequestSchema.parse(payload).userId);
  }
}
