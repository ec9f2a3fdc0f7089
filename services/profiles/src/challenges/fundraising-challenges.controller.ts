import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  PROFILES,
  createChallengeCommandSchema,
  ownedChallengeCommandSchema,
  reorderChallengesCommandSchema,
  updateChallengeCommandSchema,
  type Challenge,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { FundraisingChallengesService } from './fundraising-challenges.service.js';

@Controller()
export class FundraisingChallengesController {
  constructor(private readonly challenges: FundraisingChallengesService) {}

  @RpcHandler(PROFILES.challenge.create)
  create(@Payload() payload: unknown): Promise<Challenge> {
    const { userId, challenge } = createChallengeCommandSchema.parse(payload);
    return this.challenges.create(userId, challenge);
  }

  @RpcHandler(PROFILES.challenge.update)
  update(@Payload() payload: unknown): Promise<Challenge> {
    const { userId, challengeId, challenge } = updateChallengeCommandSchema.parse(payload);
    return this.challenges.update(userId, challengeId, challenge);
  }

  @RpcHandler(PROFILES.challenge.delete)
  delete(@Payload() payload: unknown): Promise<Challenge> {
    const { userId, challengeId } = ownedChallengeCommandSchema.parse(payload);
    return this.challenges.delete(userId, challengeId);
  }

  @RpcHandler(PROFILES.profile.reorderChallenges)
  reorder(@Payload() payload: unknown): Promise<Challenge[]> {
    const { userId, profileId, order } = reorderChallengesCommandSchema.parse(payload);
    return this.challenges.reorder(userId, profileId, order.challengeIds);
  }
}
