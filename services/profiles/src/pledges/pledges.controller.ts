import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  PLEDGES,
  confirmPledgeRequestSchema,
  createPledgeCommandSchema,
  ownerPledgesCommandSchema,
  ownerPledgesPageQuerySchema,
  pageOfPledgesQuerySchema,
  removePledgeCommandSchema,
  pledgeTokenCommandSchema,
  type ClosePledgesResponse,
  type ManagePledgesResponse,
  type PagePledgesResponse,
  type PledgeLinkAction,
  type PledgeResponse,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { PledgesService } from './pledges.service.js';

@Controller()
export class PledgesController {
  constructor(private readonly pledges: PledgesService) {}

  @RpcHandler(PLEDGES.create)
  create(@Payload() payload: unknown): Promise<PledgeResponse> {
    const { runnerProfileId, pledge } = createPledgeCommandSchema.parse(payload);
    return this.pledges.create(runnerProfileId, pledge);
  }

  @RpcHandler(PLEDGES.confirm)
  confirm(@Payload() payload: unknown): Promise<PledgeResponse> {
    return this.pledges.confirm(confirmPledgeRequestSchema.parse(payload).token);
  }

  @RpcHandler(PLEDGES.listPublic)
  listPublic(@Payload() payload: unknown): Promise<PagePledgesResponse> {
    const { runnerProfileId, userId, page } = pageOfPledgesQuerySchema.parse(payload);
    return this.pledges.listPublic(runnerProfileId, userId, page);
  }

  @RpcHandler(PLEDGES.listOwn)
  listOwn(@Payload() payload: unknown): Promise<ManagePledgesResponse> {
    const { runnerProfileId, userId, page } = ownerPledgesPageQuerySchema.parse(payload);
    return this.pledges.listOwn(runnerProfileId, userId, page);
  }

  @RpcHandler(PLEDGES.remove)
  remove(@Payload() payload: unknown): Promise<{ success: true }> {
    const { runnerProfileId, pledgeId, userId } = removePledgeCommandSchema.parse(payload);
    return this.pledges.remove(runnerProfileId, pledgeId, userId);
  }

  @RpcHandler(PLEDGES.close)
  close(@Payload() payload: unknown): Promise<ClosePledgesResponse> {
    const { runnerProfileId, userId } = ownerPledgesCommandSchema.parse(payload);
    return this.pledges.close(runnerProfileId, userId);
  }

  @RpcHandler(PLEDGES.markPaid)
  markPaid(@Payload() payload: unknown): Promise<PledgeResponse> {
    return this.followLink('paid', payload);
  }

  @RpcHandler(PLEDGES.cancel)
  cancel(@Payload() payload: unknown): Promise<PledgeResponse> {
    return this.followLink('cancel', payload);
  }

  @RpcHandler(PLEDGES.unsubscribe)
  async unsubscribe(@Payload() payload: unknown): Promise<{ success: true }> {
    await this.followLink('unsubscribe', payload);
    return { success: true };
  }

  /** The links of the supporter's mails: one payload, one rule table (pledge-links.ts). */
  private followLink(action: PledgeLinkAction, payload: unknown): Promise<PledgeResponse> {
    const { pledgeId, request } = pledgeTokenCommandSchema.parse(payload);
    return this.pledges.followLink(action, pledgeId, request.token);
  }
}
