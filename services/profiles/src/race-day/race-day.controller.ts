import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  RACE_DAY,
  confirmFollowerRequestSchema,
  followCommandSchema,
  setRaceResultCommandSchema,
  thankYouCommandSchema,
  type FollowResponse,
  type Profile,
  type ThankYouResponse,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { RaceDayService } from './race-day.service.js';

@Controller()
export class RaceDayController {
  constructor(private readonly raceDay: RaceDayService) {}

  @RpcHandler(RACE_DAY.setResult)
  setResult(@Payload() payload: unknown): Promise<Profile> {
    const { runnerProfileId, userId, result } = setRaceResultCommandSchema.parse(payload);
    return this.raceDay.setResult(runnerProfileId, userId, result);
  }

  @RpcHandler(RACE_DAY.follow)
  follow(@Payload() payload: unknown): Promise<FollowResponse> {
    const { runnerProfileId, follower } = followCommandSchema.parse(payload);
    return this.raceDay.follow(runnerProfileId, follower);
  }

  @RpcHandler(RACE_DAY.confirmFollower)
  confirmFollower(@Payload() payload: unknown): Promise<{ success: true }> {
    return this.raceDay.confirmFollower(confirmFollowerRequestSchema.parse(payload).token);
  }

  @RpcHandler(RACE_DAY.thankYou)
  thankYou(@Payload() payload: unknown): Promise<ThankYouResponse> {
    const { runnerProfileId, userId, thankYou } = thankYouCommandSchema.parse(payload);
    return this.raceDay.thankYou(runnerProfileId, userId, thankYou.message);
  }
}
