import { Injectable, type OnModuleInit } from '@nestjs/common';
import { IDENTITY_EVENTS, type Account } from '@runpledge/contracts';
import { DomainEvents, lockLiveAccount, ServiceException } from '@runpledge/server-kit';
import { AccountsRepository } from './accounts.repository.js';

@Injectable()
export class AccountsService implements OnModuleInit {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    // An event arriving after the account's deletion brings none of it back.
    this.events.on(IDENTITY_EVENTS.userRegistered, async (payload, { manager }) => {
      if (!(await lockLiveAccount(manager, payload.userId))) return;
      await this.accounts.upsertRegistration(manager, {
        userId: payload.userId,
        email: payload.email,
        registeredAt: new Date(payload.registeredAt),
      });
    });
    this.events.on(IDENTITY_EVENTS.userVerified, async (payload, { manager }) => {
      if (await lockLiveAccount(manager, payload.userId))
        await this.accounts.markVerified(manager, payload.userId, new Date(payload.verifiedAt));
    });
    this.events.on(IDENTITY_EVENTS.userEmailChanged, async (payload, { manager }) => {
      if (await lockLiveAccount(manager, payload.userId))
        await this.accounts.changeEmail(manager, payload.userId, payload.email);
    });
  }

  async get(userId: string): Promise<Account> {
    const account = await this.accounts.findByUserId(userId);
    if (!account) throw ServiceException.notFound('Account not found');
    return { userId: account.userId, email: account.email, registeredAt: account.registeredAt.toISOString() };
  }
}
