import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { FITNESS, stravaWebhookEventSchema, stravaWebhookValidationSchema } from '@runpledge/contracts';
import { Public } from '../common/public.decorator.js';
import { WebhookRoute } from '../common/webhook-route.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';

/** Strava gives us 2 s to answer; the service only queues the event. */
const WEBHOOK_RPC_TIMEOUT_MS = 1_500;

@Public()
@Controller('webhooks/strava')
export class StravaWebhookController {
  constructor(private readonly rpc: NatsRpcClient) {}

  /** Subscription validation: echoes hub.challenge when hub.verify_token matches (403 otherwise). */
  @Get()
  validate(@Query() query: unknown): Promise<{ 'hub.challenge': string }> {
    return this.rpc.send(
      FITNESS.strava.validateWebhook,
      parseOrThrow(stravaWebhookValidationSchema, query),
      WEBHOOK_RPC_TIMEOUT_MS,
    );
  }

  @Post()
  @WebhookRoute()
  @HttpCode(200)
  receive(@Body() body: unknown): Promise<{ received: true }> {
    return this.rpc.send(
      FITNESS.strava.webhookEvent,
      parseOrThrow(stravaWebhookEventSchema, body),
      WEBHOOK_RPC_TIMEOUT_MS,
    );
  }
}
