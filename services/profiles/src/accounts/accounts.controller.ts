import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { PROFILES, getAccountRequestSchema, type Account } from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { AccountsService } from './accounts.service.js';

@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @RpcHandler(PROFILES.accounts.get)
  get(@Payload() payload: unknown): Promise<Account> {
    return this.accounts.get(getAccountRequestSchema.parse(payload).userId);
  }
}
