import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  BILLING,
  billingPortalCommandSchema,
  createCheckoutCommandSchema,
  reconcileCheckoutCommandSchema,
  type BillingConfig,
  type BillingPortalResponse,
  type CreateCheckoutResponse,
  type SubscriptionCheck,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { StripeClient } from '../stripe/stripe.client.js';
import { CheckoutService } from './checkout.service.js';

@Controller()
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly stripe: StripeClient,
  ) {}

  @RpcHandler(BILLING.checkout.create)
  create(@Payload() payload: unknown): Promise<CreateCheckoutResponse> {
    return this.checkout.create(createCheckoutCommandSchema.parse(payload));
  }

  @RpcHandler(BILLING.checkout.reconcile)
  reconcile(@Payload() payload: unknown): Promise<SubscriptionCheck> {
    const { userId, sessionId } = reconcileCheckoutCommandSchema.parse(payload);
    return this.checkout.reconcile(userId, sessionId);
  }

  @RpcHandler(BILLING.portal.create)
  async portal(@Payload() payload: unknown): Promise<BillingPortalResponse> {
    const { userId, returnUrl } = billingPortalCommandSchema.parse(payload);
    return { url: await this.checkout.portalUrl(userId, returnUrl) };
  }

  @RpcHandler(BILLING.config.get)
  config(): BillingConfig {
    return { testMode: this.stripe.testMode };
  }
}
