import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { FITNESS, fitnessProfileRequestSchema, type FitnessProfile } from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { FitnessProfilesService } from './fitness-profiles.service.js';

@Controller()
export class FitnessProfilesController {
  constructor(private readonly profiles: FitnessProfilesService) {}

  @RpcHandler(FITNESS.fitnessProfile.get)
  get(@Payload() payload: unknown): Promise<FitnessProfile> {
    return this.profiles.get(fitnessProfileRequestSchema.parse(payload).profileId);
  }
}
