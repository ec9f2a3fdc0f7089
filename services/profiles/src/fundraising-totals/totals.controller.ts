import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  PROFILES,
  listDonationsQuerySchema,
  refreshTotalsCommandSchema,
  type DonationsPage,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { TotalsService } from './totals.service.js';

@Controller()
export class TotalsController {
  constructor(private readonly totals: TotalsService) {}

  @RpcHandler(PROFILES.profile.refreshTotals)
  refresh(@Payload() payload: unknown): Promise<{ queued: true }> {
    const { userId, profileId } = refreshTotalsCommandSchema.parse(payload);
    return this.totals.refresh(userId, profileId);
  }

  @RpcHandler(PROFILES.profile.listDonations)
  listDonations(@Payload() payload: unknown): Promise<DonationsPage> {
    const { profileId, page, userId } = listDonationsQuerySchema.parse(payload);
    return this.totals.listDonations(profileId, page, userId);
  }
}
