import { Body, Controller, Delete, Param, Post, Put } from '@nestjs/common';
import {
  CHALLENGE_NOT_FOUND,
  PROFILES,
  createChallengeRequestSchema,
  updateChallengeRequestSchema,
  type Challenge,
  type SessionUser,
} from '@runpledge/contracts';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { ProfileViewCache } from './profile-view.cache.js';
import { idOr404 } from './route-ids.js';

/** A page's challenges; each change drops this replica's cached view of the page before answering. */
@Controller('fundraising-challenges')
export class FundraisingChallengesController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly cache: ProfileViewCache,
  ) {}

  @Post()
  async create(@CurrentUser() user: SessionUser, @Body() body: unknown): Promise<{ challenge: Challenge }> {
    const challenge = parseOrThrow(createChallengeRequestSchema, body);
    const created = await this.rpc.call(PROFILES.challenge.create, { userId: user.id, challenge });
    this.cache.invalidate(created.runnerProfileId);
    return { challenge: created };
  }

  @Put(':id')
  async update(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<{ challenge: Challenge }> {
    const challengeId = idOr404(id, CHALLENGE_NOT_FOUND);
    const challenge = parseOrThrow(updateChallengeRequestSchema, body);
    const updated = await this.rpc.call(PROFILES.challenge.update, {
      userId: user.id,
      challengeId,
      challenge,
    });
    this.cache.invalidate(updated.runnerProfileId);
    return { challenge: updated };
  }

  @Delete(':id')
  async delete(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<{ success: true }> {
    const challengeId = idOr404(id, CHALLENGE_NOT_FOUND);
    const deleted = await this.rpc.call(PROFILES.challenge.delete, { userId: user.id, challengeId });
    this.cache.invalidate(deleted.runnerProfileId);
    return { success: true };
  }
}
