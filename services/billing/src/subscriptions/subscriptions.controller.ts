import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BILLING, subscriptionCheckRequestSchema, type SubscriptionCheck } from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { SubscriptionsService } from './subscriptions.service.js';

@Controller()
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @RpcHandler(BILLING.subscription.check)
  check(@Payload() payload: unknown): Promise<SubscriptionCheck> {
    return this.subscriptions.check(subscriptionCheckRequestSchema.parse(payload).userId);
  }
}
