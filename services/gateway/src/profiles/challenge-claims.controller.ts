import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  CHALLENGE_NOT_FOUND,
  CLAIM_NOT_FOUND,
  PROFILES,
  claimChallengeRequestSchema,
  releaseClaimByLinkRequestSchema,
  type ClaimChallengeResponse,
  type OwnerClaim,
  type SessionUser,
} from '@runpledge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { RateLimitService } from '../identity/rate-limit.service.js';
import { Idempotent } from '../common/idempotency.js';
import { Public } from '../common/public.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { ProfileViewCache } from './profile-view.cache.js';
import { idOr404 } from './route-ids.js';

/**
 * Supporters claim challenges without an account (a public write: per-IP budget, like
 * encouragement); the owner lists and releases them. Each change drops this replica's cached page.
 */
@Controller()
export class ChallengeClaimsController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly cache: ProfileViewCache,
    private readonly rateLimits: RateLimitService,
  ) {}

  @Public()
  @Idempotent()
  @Post('fundraising-challenges/:id/claims')
  async claim(
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ClaimChallengeResponse> {
    await this.rateLimits.consume('publicWriteIp', request.ip, reply);
    const challengeId = idOr404(id, CHALLENGE_NOT_FOUND);
    const claim = parseOrThrow(claimChallengeRequestSchema, body);
    const result = await this.rpc.call(PROFILES.claim.create, { challengeId, claim });
    this.cache.invalidate(result.runnerProfileId);
    return { claim: result.claim, donationUrl: result.donationUrl };
  }

  @Delete('fundraising-challenges/:id/claims/:claimId')
  async release(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Param('claimId') claimIdParam: string,
  ): Promise<{ success: true }> {
    const challengeId = idOr404(id, CHALLENGE_NOT_FOUND);
    const claimId = idOr404(claimIdParam, CLAIM_NOT_FOUND);
    const { runnerProfileId } = await this.rpc.call(PROFILES.claim.release, {
      userId: user.id,
      challengeId,
      claimId,
    });
    this.cache.invalidate(runnerProfileId);
    return { success: true };
  }

  /**
   * The owner frees a claim from the link in their claim mail, signed in or not: the link's token
   * stands for the owner for that one claim, good once. A POST the owner's click sends, never the
   * link's GET: mail scanners open links.
   */
  @Public()
  @Post('challenge-claims/release-by-link')
  @HttpCode(200)
  async releaseByLink(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ success: true }> {
    await this.rateLimits.consume('publicWriteIp', request.ip, reply);
    const { token } = parseOrThrow(releaseClaimByLinkRequestSchema, body);
    const { runnerProfileId } = await this.rpc.call(PROFILES.claim.releaseByToken, { token });
    this.cache.invalidate(runnerProfileId);
    return { success: true };
  }

  /** The claims on the caller's pages, newest first (the dashboard's list). */
  @Get('challenge-claims')
  async listOwn(@CurrentUser() user: SessionUser): Promise<{ claims: OwnerClaim[] }> {
    return { claims: await this.rpc.call(PROFILES.claim.listOwn, { userId: user.id }) };
  }
}
