import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  BILLING,
  SPONSORSHIP_MESSAGES,
  assignSeatRequestSchema,
  sponsorshipCheckoutRequestSchema,
  sponsorshipPortalRequestSchema,
  type SessionUser,
  type Sponsorship,
} from '@runpledge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { assertOnThisSite } from '../common/site-url.js';
import { parseOrThrow } from '../common/validation.js';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { RateLimitService } from '../identity/rate-limit.service.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { idOr404 } from '../profiles/route-ids.js';

/**
 * A charity's runner places (API.md "Charities"). Billing owns them as every paid right and asks
 * community whether the caller is an admin of the charity and whether a page names it.
 */
@Controller('charities/:id/sponsorship')
export class CharitySponsorshipController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly rateLimits: RateLimitService,
  ) {}

  @Get()
  get(@CurrentUser() caller: SessionUser, @Param('id') id: string): Promise<Sponsorship> {
    const charityId = idOr404(id, SPONSORSHIP_MESSAGES.charityNotFound);
    return this.rpc.call(BILLING.sponsorship.get, { userId: caller.id, charityId });
  }

  @Post('checkout')
  @HttpCode(200)
  async checkout(
    @CurrentUser() caller: SessionUser,
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ url: string }> {
    const charityId = idOr404(id, SPONSORSHIP_MESSAGES.charityNotFound);
    const checkout = parseOrThrow(sponsorshipCheckoutRequestSchema, body);
    if (checkout.successUrl) assertOnThisSite(checkout.successUrl, request, 'successUrl');
    if (checkout.cancelUrl) assertOnThisSite(checkout.cancelUrl, request, 'cancelUrl');
    await this.rateLimits.consumeBilling(caller.id, request.ip, reply);
    return this.rpc.call(BILLING.sponsorship.checkout, {
      ...checkout,
      charityId,
      userId: caller.id,
      email: caller.email,
    });
  }

  /** Stripe's customer portal for the charity: how many places it buys, its card and invoices. */
  @Post('portal')
  @HttpCode(200)
  async portal(
    @CurrentUser() caller: SessionUser,
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ url: string }> {
    const charityId = idOr404(id, SPONSORSHIP_MESSAGES.charityNotFound);
    const { returnUrl } = parseOrThrow(sponsorshipPortalRequestSchema, body ?? {});
    if (returnUrl) assertOnThisSite(returnUrl, request, 'returnUrl');
    await this.rateLimits.consumeBilling(caller.id, request.ip, reply);
    return this.rpc.call(BILLING.sponsorship.portal, { charityId, userId: caller.id, returnUrl });
  }

  // Giving and taking back places is an admin's signed-in work on its own charity, many runners in a
  // row: billing's budget (meant for Stripe calls) would stop a console after a few runners.
  @Post('seats')
  @HttpCode(200)
  assign(@CurrentUser() caller: SessionUser, @Param('id') id: string, @Body() body: unknown): Promise<Sponsorship> {
    const charityId = idOr404(id, SPONSORSHIP_MESSAGES.charityNotFound);
    const { runnerProfileId } = parseOrThrow(assignSeatRequestSchema, body);
    return this.rpc.call(BILLING.sponsorship.assignSeat, { userId: caller.id, charityId, runnerProfileId });
  }

  @Delete('seats/:runnerProfileId')
  release(
    @CurrentUser() caller: SessionUser,
    @Param('id') id: string,
    @Param('runnerProfileId') runnerProfileId: string,
  ): Promise<Sponsorship> {
    const charityId = idOr404(id, SPONSORSHIP_MESSAGES.charityNotFound);
    const profileId = idOr404(runnerProfileId, SPONSORSHIP_MESSAGES.seatNotFound);
    return this.rpc.call(BILLING.sponsorship.releaseSeat, { userId: caller.id, charityId, runnerProfileId: profileId });
  }
}
