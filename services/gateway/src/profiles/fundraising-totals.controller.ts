import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { PROFILES, RUNNER_PROFILE_NOT_FOUND, type DonationsPage, type SessionUser } from '@runpledge/contracts';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { RateLimitService } from '../identity/rate-limit.service.js';
import { Public } from '../common/public.decorator.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { idOr404 } from './route-ids.js';

const profileIdOr404 = (id: string): string => idOr404(id, RUNNER_PROFILE_NOT_FOUND);

/** A page's totals from DonorDrive or JustGiving: the owner's "Refresh totals" and the donor wall. */
@Controller('runner-profile/:id')
export class FundraisingTotalsController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly rateLimits: RateLimitService,
  ) {}

  @Post('totals/refresh')
  @HttpCode(202)
  async refresh(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ queued: true }> {
    const profileId = profileIdOr404(id);
    await this.rateLimits.consume('totalsRefresh', `${user.id}:${profileId}`, reply);
    return this.rpc.call(PROFILES.profile.refreshTotals, { userId: user.id, profileId });
  }

  @Public()
  @Get('donations')
  donations(
    @Param('id') id: string,
    @Query('page') page: string | undefined,
    @CurrentUser() user: SessionUser | undefined,
  ): Promise<DonationsPage> {
    return this.rpc.call(PROFILES.profile.listDonations, {
      profileId: profileIdOr404(id),
      page,
      userId: user?.id,
    });
  }
}
