import { Controller, Get, Param } from '@nestjs/common';
import { FITNESS, fitnessProfileRequestSchema, type FitnessProfile, type SessionUser } from '@runpledge/contracts';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { Public } from '../common/public.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { PublicPages } from './public-pages.js';

@Public()
@Controller('fitness-profile')
export class FitnessProfileController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly pages: PublicPages,
  ) {}

  /**
   * Public for a published page; 404 for an unknown one, and for an unpublished one but to its owner.
   * A signed-in caller's read of a page not known to be published asks fitness first for the summary
   * of their own page: fitness answers it only if the page is the caller's (its copy of who owns
   * which page), so an owner's read is one RPC, as a visitor's read of a published page is. Any
   * other caller then goes through profiles' visibility check as a visitor does.
   */
  @Get(':profileId')
  async get(
    @CurrentUser() user: SessionUser | undefined,
    @Param('profileId') profileId: string,
  ): Promise<FitnessProfile> {
    const request = parseOrThrow(fitnessProfileRequestSchema, { profileId });
    if (user !== undefined && !this.pages.knownPublished(request.profileId)) {
      const own = await this.rpc.call(FITNESS.fitnessProfile.getOwn, { ...request, userId: user.id });
      if (own.fitnessProfile !== null) return own.fitnessProfile;
    }
    await this.pages.assertVisible({ profileId: request.profileId, viewerUserId: user?.id });
    return this.rpc.call(FITNESS.fitnessProfile.get, request);
  }
}
