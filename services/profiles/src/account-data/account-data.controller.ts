import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  PROFILES,
  accountOwnerSchema,
  exportEncouragementsQuerySchema,
  exportPledgesQuerySchema,
  type RpcResponseOf,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { AccountDataService } from './account-data.service.js';

@Controller()
export class AccountDataController {
  constructor(private readonly accountData: AccountDataService) {}

  @RpcHandler(PROFILES.account.export)
  export(@Payload() payload: unknown): Promise<Record<string, unknown>> {
    return this.accountData.export(accountOwnerSchema.parse(payload).userId);
  }

  @RpcHandler(PROFILES.account.exportEncouragements)
  exportEncouragements(
    @Payload() payload: unknown,
  ): Promise<RpcResponseOf<typeof PROFILES.account.exportEncouragements>> {
    return this.accountData.exportEncouragements(exportEncouragementsQuerySchema.parse(payload));
  }

  @RpcHandler(PROFILES.account.exportPledges)
  exportPledges(@Payload() payload: unknown): Promise<RpcResponseOf<typeof PROFILES.account.exportPledges>> {
    return this.accountData.exportPledges(exportPledgesQuerySchema.parse(payload));
  }
}
