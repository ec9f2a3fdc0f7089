import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BILLING, accountOwnerSchema } from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { AccountDataService } from './account-data.service.js';

@Controller()
export class AccountDataController {
  constructor(private readonly accountData: AccountDataService) {}

  @RpcHandler(BILLING.account.export)
  export(@Payload() payload: unknown): Promise<Record<string, unknown>> {
    return this.accountData.export(accountOwnerSchema.parse(payload).userId);
  }
}
