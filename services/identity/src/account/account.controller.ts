import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IDENTITY, accountOwnerSchema, deleteAccountCommandSchema } from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { AccountService } from './account.service.js';

@Controller()
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @RpcHandler(IDENTITY.account.delete)
  async delete(@Payload() payload: unknown): Promise<{ success: true }> {
    const { userId, password } = deleteAccountCommandSchema.parse(payload);
    await this.account.delete(userId, password);
    return { success: true };
  }

  @RpcHandler(IDENTITY.account.export)
  export(@Payload() payload: unknown): Promise<Record<string, unknown>> {
    return this.account.export(accountOwnerSchema.parse(payload).userId);
  }
}
