import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BILLING, stripeEventDeliverySchema, type StripeEventOutcome } from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { StripeEventsService } from './stripe-events.service.js';

@Controller()
export class StripeEventsController {
  constructor(private readonly stripeEvents: StripeEventsService) {}

  @RpcHandler(BILLING.stripeEvent.handle)
  async handle(@Payload() payload: unknown): Promise<{ received: true; outcome: StripeEventOutcome }> {
    return { received: true, outcome: await this.stripeEvents.handle(stripeEventDeliverySchema.parse(payload)) };
  }
}
