import { Body, Controller, Post } from '@nestjs/common';
import { PROFILES, encouragementRequestSchema } from '@runpledge/contracts';
import { Public } from '../common/public.decorator.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';

/** Supporters send encouragement without an account. */
@Public()
@Controller('encouragement')
export class EncouragementController {
  constructor(private readonly rpc: NatsRpcClient) {}

  @Post()
  send(@Body() body: unknown): Promise<{ success: true }> {
    return this.rpc.send<{ success: true }>(
      PROFILES.encouragement.create,
      parseOrThrow(encouragementRequestSchema, body),
    );
  }
}
