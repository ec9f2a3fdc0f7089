import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  FITNESS,
  fitnessProfileRequestSchema,
  ownFitnessProfileRequestSchema,
  type FitnessProfile,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { FitnessProfilesService } from './fitness-profiles.service.js';

@Controller()
export class FitnessProfilesController {
  constructor(private readonly profiles: FitnessProfilesService) {}

  @RpcHandler(FITNESS.fitnessProfile.get)
  get(@Payload() payload: unknown): Promise<FitnessProfile> {
    return this.profiles.get(fitnessProfileRequestSchema.parse(payload).profileId);
  }

  @RpcHandler(FITNESS.fitnessProfile.getOwn)
  async getOwn(@Payload() payload: unknown): Promise<{ fitnessProfile: FitnessProfile | null }> {
    const { profileId, userId } = ownFitnessProfileRequestSchema.parse(payload);
    return { fitnessProfile: await this.profiles.getOwn(profileId, userId) };
  }
}
