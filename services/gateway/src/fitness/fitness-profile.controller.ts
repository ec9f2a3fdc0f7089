import { Controller, Get, Param } from '@nestjs/common';
import { FITNESS, fitnessProfileRequestSchema, type FitnessProfile } from '@runpledge/contracts';
import { Public } from '../common/public.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';

@Public()
@Controller('fitness-profile')
export class FitnessProfileController {
  constructor(private readonly rpc: NatsRpcClient) {}

  @Get(':profileId')
  get(@Param('profileId') profileId: string): Promise<FitnessProfile> {
    const request = parseOrThrow(fitnessProfileRequestSchema, { profileId });
    return this.rpc.send<FitnessProfile>(FITNESS.fitnessProfile.get, request);
  }
}
