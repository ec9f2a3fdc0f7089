import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  FITNESS,
  stravaUserRequestSchema,
  stravaWebhookEventSchema,
  stravaWebhookValidationSchema,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { SyncService } from './sync.service.js';

@Controller()
export class SyncController {
  constructor(private readonly sync: SyncService) {}

  @RpcHandler(FITNESS.strava.sync)
  syncNow(@Payload() payload: unknown) {
    return this.sync.syncNow(stravaUserRequestSchema.parse(payload).userId);
  }

  @RpcHandler(FITNESS.strava.webhookEvent)
  webhookEvent(@Payload() payload: unknown) {
    return this.sync.acceptWebhookEvent(stravaWebhookEventSchema.parse(payload));
  }

  @RpcHandler(FITNESS.strava.validateWebhook)
  validateWebhook(@Payload() payload: unknown) {
    const query = stravaWebhookValidationSchema.parse(payload);
    return this.sync.validateWebhook(query['hub.mode'], query['hub.challenge'], query['hub.verify_token']);
  }
}
