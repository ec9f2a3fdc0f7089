import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  BILLING,
  seatCommandSchema,
  sponsorshipCheckoutCommandSchema,
  sponsorshipPortalCommandSchema,
  sponsorshipQuerySchema,
  type Sponsorship,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { SponsorshipService } from './sponsorship.service.js';

@Controller()
export class SponsorshipController {
  constructor(private readonly sponsorship: SponsorshipService) {}

  @RpcHandler(BILLING.sponsorship.get)
  get(@Payload() payload: unknown): Promise<Sponsorship> {
    const { userId, charityId } = sponsorshipQuerySchema.parse(payload);
    return this.sponsorship.get(userId, charityId);
  }

  @RpcHandler(BILLING.sponsorship.checkout)
  checkout(@Payload() payload: unknown): Promise<{ url: string }> {
    return this.sponsorship.checkout(sponsorshipCheckoutCommandSchema.parse(payload));
  }

  @RpcHandler(BILLING.sponsorship.portal)
  portal(@Payload() payload: unknown): Promise<{ url: string }> {
    return this.sponsorship.portal(sponsorshipPortalCommandSchema.parse(payload));
  }

  @RpcHandler(BILLING.sponsorship.assignSeat)
  assign(@Payload() payload: unknown): Promise<Sponsorship> {
    return this.sponsorship.assignSeat(seatCommandSchema.parse(payload));
  }

  @RpcHandler(BILLING.sponsorship.releaseSeat)
  release(@Payload() payload: unknown): Promise<Sponsorship> {
    return this.sponsorship.releaseSeat(seatCommandSchema.parse(payload));
  }
}
