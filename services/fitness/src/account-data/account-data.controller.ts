import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { FITNESS, accountOwnerSchema, exportActivitiesQuerySchema, type RpcResponseOf } from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { AccountDataService } from './account-data.service.js';

@Controller()
export class AccountDataController {
  constructor(private readonly accountData: AccountDataService) {}

  @RpcHandler(FITNESS.account.export)
  export(@Payload() payload: unknown): Promise<Record<string, unknown>> {
    return this.accountData.export(accountOwnerSchema.parse(payload).userId);
  }

  @RpcHandler(FITNESS.account.exportActivities)
  exportActivities(@Payload() payload: unknown): Promise<RpcResponseOf<typeof FITNESS.account.exportActivities>> {
    return this.accountData.exportActivities(exportActivitiesQuerySchema.parse(payload));
  }
}
