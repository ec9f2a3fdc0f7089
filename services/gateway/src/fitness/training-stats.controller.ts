import { Controller, Get, Param } from '@nestjs/common';
import { FITNESS, trainingStatsRequestSchema, type SessionUser, type TrainingStats } from '@runpledge/contracts';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { Public } from '../common/public.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { PublicPages } from './public-pages.js';

@Public()
@Controller('training-stats')
export class TrainingStatsController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly pages: PublicPages,
  ) {}

  /** Public for a published page (404 otherwise but to its owner); the runner also sees what visitors may not. */
  @Get(':profileId')
  async get(
    @CurrentUser() user: SessionUser | undefined,
    @Param('profileId') profileId: string,
  ): Promise<TrainingStats> {
    const request = parseOrThrow(trainingStatsRequestSchema, { profileId, viewerUserId: user?.id });
    await this.pages.assertVisible({ profileId: request.profileId, viewerUserId: user?.id });
    return this.rpc.call(FITNESS.trainingStats.get, request);
  }
}
