import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { FITNESS, stravaWebhookEventSchema, stravaWebhookValidationSchema } from '@runpledge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitService } from '../identity/rate-limit.service.js';
import { Public } from '../common/public.decorator.js';
import { WebhookRoute } from '../common/webhook-route.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';

/** Strava gives us 2 s to answer; the service only checks the subscription id and queues the event. */
const WEBHOOK_RPC_TIMEOUT_MS = 1_500;

@Public()
@Controller('webhooks/strava')
export class StravaWebhookController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly rateLimits: RateLimitService,
  ) {}

  /** Subscription validation: echoes hub.challenge when hub.verify_token matches (403 otherwise). */
  @Get()
  validate(@Query() query: unknown): Promise<{ 'hub.challenge': string }> {
    return this.rpc.call(
      FITNESS.strava.validateWebhook,
      parseOrThrow(stravaWebhookValidationSchema, query),
      WEBHOOK_RPC_TIMEOUT_MS,
    );
  }

  /** Anyone can post here: a per-address budget keeps a flood from reaching fitness and Strava's rate limit. */
  @Post()
  @WebhookRoute()
  @HttpCode(200)
  async receive(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ received: true }> {
    await this.rateLimits.consume('stravaWebhookIp', request.ip, reply);
    return this.rpc.call(
      FITNESS.strava.webhookEvent,
      parseOrThrow(stravaWebhookEventSchema, body),
      WEBHOOK_RPC_TIMEOUT_MS,
    );
  }
}
