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

  /** Public for a published page; 404 for an unknown one, and for an unpublished one but to its owner. */
  @Get(':profileId')
  async get(
    @CurrentUser() user: SessionUser | undefined,
    @Param('profileId') profileId: string,
  ): Promise<FitnessProfile> {
    const request = parseOrThrow(fitnessProfileRequestSchema, { profileId });
    await this.pages.assertVisible({ profileId: request.profileId, viewerUserId: user?.id });
    return this.rpc.call(FITNESS.fitnessProfile.get, request);
  }
}
