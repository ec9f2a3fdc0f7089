import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { MAIL, suppressInboxRequestSchema } from '@runpledge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitService } from '../identity/rate-limit.service.js';
import { Public } from '../common/public.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';

/**
 * "No more mail from RunPledge to this address", from a link of a pledge or team mail (the list is
 * kept by profiles). Its token is as secret as the links beside it: the same per-IP budget.
 */
@Public()
@Controller('mail')
export class MailSuppressionController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly rateLimits: RateLimitService,
  ) {}

  @Post('suppress')
  @HttpCode(200)
  async suppress(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ success: true }> {
    await this.rateLimits.consume('publicWriteIp', request.ip, reply);
    return this.rpc.call(MAIL.suppress, parseOrThrow(suppressInboxRequestSchema, body));
  }
}
