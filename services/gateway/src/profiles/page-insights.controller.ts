import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  PROFILES,
  RUNNER_PROFILE_NOT_FOUND,
  insightsDaysSchema,
  pageEventRequestSchema,
  type PageInsights,
  type SessionUser,
} from '@runpledge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { RateLimitService } from '../identity/rate-limit.service.js';
import { Public } from '../common/public.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { idOr404 } from './route-ids.js';

/**
 * Owner insights (issue #19): the runner page's own first-party events (no third-party tracker, no
 * cookie set or read for them) and the owner's per-day figures.
 */
@Controller('runner-profile/:id')
export class PageInsightsController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly rateLimits: RateLimitService,
  ) {}

  /** A visitor's view, share, donate click or challenge choice: public, throttled per IP. */
  @Public()
  @Post('events')
  @HttpCode(204)
  async record(
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.rateLimits.consume('pageEventIp', request.ip, reply);
    const profileId = idOr404(id, RUNNER_PROFILE_NOT_FOUND);
    const event = parseOrThrow(pageEventRequestSchema, body);
    const userAgent = (request.headers['user-agent'] ?? '').slice(0, 1000);
    await this.rpc.call(PROFILES.insights.recordEvent, {
      profileId,
      event,
      visitor: { ip: request.ip.slice(0, 100), userAgent },
    });
  }

  /** The owner's last `days` days (30 by default); 404 for anyone else's page. */
  @Get('insights')
  insights(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Query('days') days: unknown,
  ): Promise<PageInsights> {
    return this.rpc.call(PROFILES.insights.get, {
      userId: user.id,
      profileId: idOr404(id, RUNNER_PROFILE_NOT_FOUND),
      days: parseOrThrow(insightsDaysSchema, days),
    });
  }
}
