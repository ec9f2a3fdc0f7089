import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  PROFILES,
  encouragementRequestSchema,
  ownedProfileCommandSchema,
  type Encouragement,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { EncouragementsService } from './encouragements.service.js';

@Controller()
export class EncouragementsController {
  constructor(private readonly encouragements: EncouragementsService) {}

  @RpcHandler(PROFILES.encouragement.create)
  send(@Payload() payload: unknown): Promise<{ success: true }> {
    return this.encouragements.send(encouragementRequestSchema.parse(payload));
  }

  @RpcHandler(PROFILES.encouragement.list)
  list(@Payload() payload: unknown): Promise<Encouragement[]> {
    const { userId, profileId } = ownedProfileCommandSchema.parse(payload);
    return this.encouragements.listForOwner(userId, profileId);
  }
}
