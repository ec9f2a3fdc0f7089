import { BadRequestException, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { BILLING } from '@runpledge/contracts';
import type { FastifyRequest } from 'fastify';
import { Public } from '../common/public.decorator.js';
import { WebhookRoute } from '../common/webhook-route.decorator.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';

/** Stripe's events: billing verifies the signature over the raw body the JSON parser kept. */
@Public()
@Controller('webhooks/stripe')
export class StripeWebhookController {
  constructor(private readonly rpc: NatsRpcClient) {}

  @Post()
  @WebhookRoute()
  @HttpCode(200)
  async receive(@Req() request: FastifyRequest): Promise<{ received: true }> {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !request.rawBody) {
      throw new BadRequestException('Missing Stripe signature or body');
    }
    await this.rpc.call(BILLING.stripeEvent.handle, { payload: request.rawBody, signature });
    return { received: true };
  }
}
