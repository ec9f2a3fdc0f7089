import { Body, Controller, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import {
  RACE_DAY,
  RUNNER_PROFILE_NOT_FOUND,
  confirmFollowerRequestSchema,
  followRequestSchema,
  profileViewFor,
  setRaceResultRequestSchema,
  thankYouRequestSchema,
  type FollowResponse,
  type ProfileView,
  type SessionUser,
  type ThankYouResponse,
} from '@runpledge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { RateLimitService } from '../identity/rate-limit.service.js';
import { Idempotent } from '../common/idempotency.js';
import { Public } from '../common/public.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { PublicProfileViews } from './public-profile-views.js';
import { idOr404 } from './route-ids.js';

const profileIdOr404 = (id: string): string => idOr404(id, RUNNER_PROFILE_NOT_FOUND);

/**
 * Race day (it lives in profiles): the owner's race result and thank-you; supporters follow a race
 * without an account, a public write with a per-IP budget and the per-inbox budget of confirmation
 * mails that pledges share; the confirmation link shares the per-IP budget, so tokens cannot be guessed.
 */
@Controller()
export class RaceDayController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly rateLimits: RateLimitService,
    private readonly views: PublicProfileViews,
  ) {}

  @Put('runner-profile/:id/race-result')
  async setResult(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<{ profile: ProfileView }> {
    const runnerProfileId = profileIdOr404(id);
    const result = parseOrThrow(setRaceResultRequestSchema, body);
    const profile = await this.rpc.call(RACE_DAY.setResult, { runnerProfileId, userId: user.id, result });
    this.views.cache.invalidate(runnerProfileId);
    const { published, team, event, raceResult, followerCount, raisingUntil } = await this.views.bySlug(
      profile.urlSlug,
    );
    return {
      profile: profileViewFor({ ...profile, published, team, event, raceResult, followerCount, raisingUntil }, true),
    };
  }

  @Public()
  @Idempotent()
  @Post('runner-profile/:id/followers')
  async follow(
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<FollowResponse> {
    await this.rateLimits.consume('publicWriteIp', request.ip, reply);
    const runnerProfileId = profileIdOr404(id);
    const follower = parseOrThrow(followRequestSchema, body);
    // Counted by inbox (`Name+x@` is `name@`), with pledges, before anything is stored or mailed.
    await this.rateLimits.consume('pledgeEmail', follower.email, reply);
    return this.rpc.call(RACE_DAY.follow, { runnerProfileId, follower });
  }

  @Public()
  @Post('followers/confirm')
  @HttpCode(200)
  async confirm(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ success: true }> {
    await this.rateLimits.consume('publicWriteIp', request.ip, reply);
    return this.rpc.call(RACE_DAY.confirmFollower, parseOrThrow(confirmFollowerRequestSchema, body));
  }

  @Post('runner-profile/:id/thank-you')
  @HttpCode(202)
  thankYou(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<ThankYouResponse> {
    const runnerProfileId = profileIdOr404(id);
    const thankYou = parseOrThrow(thankYouRequestSchema, body);
    return this.rpc.call(RACE_DAY.thankYou, { runnerProfileId, userId: user.id, thankYou });
  }
}
