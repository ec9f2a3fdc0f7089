import { Controller, Get, Param } from '@nestjs/common';
import { FITNESS, trainingStatsRequestSchema, type SessionUser, type TrainingStats } from '@runpledge/contracts';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Public } from '../common/public.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';

@Public()
@Controller('training-stats')
export class TrainingStatsController {
  constructor(private readonly rpc: NatsRpcClient) {}

  /** Public; the runner also sees their Strava figures when visitors may not. */
  @Get(':profileId')
  get(@CurrentUser() user: SessionUser | undefined, @Param('profileId') profileId: string): Promise<TrainingStats> {
    const request = parseOrThrow(trainingStatsRequestSchema, { profileId, viewerUserId: user?.id });
    return this.rpc.send(FITNESS.trainingStats.get, request);
  }
}
