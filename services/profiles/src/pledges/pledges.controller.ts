import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  PLEDGES,
  confirmPledgeRequestSchema,
  createPledgeCommandSchema,
  ownerPledgesCommandSchema,
  pageOfPledgesQuerySchema,
  pledgeTokenCommandSchema,
  type ClosePledgesResponse,
  type ManagePledgesResponse,
  type PagePledgesResponse,
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
    const { runnerProfileId, userId } = pageOfPledgesQuerySchema.parse(payload);
    return this.pledges.listPublic(runnerProfileId, userId);
  }

  @RpcHandler(PLEDGES.listOwn)
  listOwn(@Payload() payload: unknown): Promise<ManagePledgesResponse> {
    const { runnerProfileId, userId } = ownerPledgesCommandSchema.parse(payload);
    return this.pledges.listOwn(runnerProfileId, userId);
  }

  @RpcHandler(PLEDGES.close)
  close(@Payload() payload: unknown): Promise<ClosePledgesResponse> {
    const { runnerProfileId, userId } = ownerPledgesCommandSchema.parse(payload);
    return this.pledges.close(runnerProfileId, userId);
  }

  @RpcHandler(PLEDGES.markPaid)
  markPaid(@Payload() payload: unknown): Promise<PledgeResponse> {
    const { pledgeId, request } = pledgeTokenCommandSchema.parse(payload);
    return this.pledges.markPaid(pledgeId, request.token);
  }

  @RpcHandler(PLEDGES.cancel)
  cancel(@Payload() payload: unknown): Promise<PledgeResponse> {
    const { pledgeId, request } = pledgeTokenCommandSchema.parse(payload);
    return this.pledges.cancel(pledgeId, request.token);
  }

  @RpcHandler(PLEDGES.unsubscribe)
  unsubscribe(@Payload() payload: unknown): Promise<{ success: true }> {
    const { pledgeId, request } = pledgeTokenCommandSchema.parse(payload);
    return this.pledges.unsubscribe(pledgeId, request.token);
  }
}
