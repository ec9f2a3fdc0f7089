import { Body, Controller, Post, Req, Res } from '@nestjs/common';
import { PROFILES, encouragementRequestSchema } from '@runpledge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitService } from '../identity/rate-limit.service.js';
import { Idempotent } from '../common/idempotency.js';
import { Public } from '../common/public.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';

/** Supporters send encouragement without an account; a per-IP budget keeps it from being a spam pipe. */
@Public()
@Controller('encouragement')
export class EncouragementController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly rateLimits: RateLimitService,
  ) {}

  @Post()
  @Idempotent()
  async send(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ success: true }> {
    await this.rateLimits.consume('publicWriteIp', request.ip, reply);
    const encouragement = parseOrThrow(encouragementRequestSchema, body);
    return this.rpc.call(PROFILES.encouragement.create, encouragement);
  }
}
