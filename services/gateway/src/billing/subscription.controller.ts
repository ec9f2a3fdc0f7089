import { Body, Controller, ForbiddenException, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  BILLING,
  billingPortalRequestSchema,
  createCheckoutRequestSchema,
  reconcileCheckoutRequestSchema,
  type BillingConfig,
  type BillingPortalResponse,
  type CreateCheckoutResponse,
  type SessionUser,
  type SubscriptionCheck,
} from '@runpledge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { RateLimitService } from '../identity/rate-limit.service.js';
import { Public } from '../common/public.decorator.js';
import { assertOnThisSite } from '../common/site-url.js';
import { parseOrThrow } from '../common/validation.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { Idempotent } from '../common/idempotency.js';

@Controller('subscription')
export class SubscriptionController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly rateLimits: RateLimitService,
  ) {}

  @Get('check')
  check(@CurrentUser() caller: SessionUser): Promise<SubscriptionCheck> {
    return this.rpc.call(BILLING.subscription.check, { userId: caller.id });
  }

  @Post('create-checkout')
  @Idempotent()
  @HttpCode(200)
  async createCheckout(
    @Body() body: unknown,
    @CurrentUser() caller: SessionUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CreateCheckoutResponse> {
    const checkout = parseOrThrow(createCheckoutRequestSchema, body);
    if (checkout.userId !== caller.id) throw new ForbiddenException('You can only start a checkout for yourself');
    assertOnThisSite(checkout.successUrl, request, 'successUrl');
    assertOnThisSite(checkout.cancelUrl, request, 'cancelUrl');
    // A code is a guess until billing accepts it.
    if (checkout.discountCode) await this.rateLimits.consumeBilling(caller.id, request.ip, reply);
    return this.rpc.call(BILLING.checkout.create, { ...checkout, email: caller.email });
  }

  /** Back from Checkout with the session id: billing takes the state from Stripe at once. */
  @Post('reconcile')
  @HttpCode(200)
  async reconcile(
    @Body() body: unknown,
    @CurrentUser() caller: SessionUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SubscriptionCheck> {
    const { sessionId } = parseOrThrow(reconcileCheckoutRequestSchema, body);
    await this.rateLimits.consumeBilling(caller.id, request.ip, reply);
    return this.rpc.call(BILLING.checkout.reconcile, { userId: caller.id, sessionId });
  }

  /** Stripe's customer portal (card, invoices, cancel anytime) for the caller. */
  @Post('portal')
  @HttpCode(200)
  async portal(
    @Body() body: unknown,
    @CurrentUser() caller: SessionUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BillingPortalResponse> {
    const { returnUrl } = parseOrThrow(billingPortalRequestSchema, body);
    assertOnThisSite(returnUrl, request, 'returnUrl');
    await this.rateLimits.consumeBilling(caller.id, request.ip, reply);
    return this.rpc.call(BILLING.portal.create, { userId: caller.id, returnUrl });
  }

  @Public()
  @Get('config')
  config(): Promise<BillingConfig> {
    return this.rpc.call(BILLING.config.get, {});
  }
}
