import { Injectable, type OnModuleInit } from '@nestjs/common';
import { IDENTITY_EVENTS } from '@runpledge/contracts';
import { DomainEvents, lockLiveAccount } from '@runpledge/server-kit';
import type { EntityManager } from 'typeorm';
import { AccountEmailsRepository } from './account-emails.repository.js';

/** Keeps owners' e-mail addresses from identity's events (a captain's mails go there); never reads identity. */
@Injectable()
export class AccountEmailsService implements OnModuleInit {
  constructor(
    private readonly emails: AccountEmailsRepository,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    this.events.on(IDENTITY_EVENTS.userRegistered, (e, { manager }) =>
      this.apply(manager, e.userId, e.email, e.registeredAt),
    );
    this.events.on(IDENTITY_EVENTS.userEmailChanged, (e, { manager }) =>
      this.apply(manager, e.userId, e.email, e.changedAt),
    );
  }

  /** A deleted account's address is forgotten by the page projection's handler of its deletion. */
  private async apply(manager: EntityManager, userId: string, email: string, at: string): Promise<void> {
    if (!(await lockLiveAccount(manager, userId))) return;
    await this.emails.upsertIfNewer(manager, userId, email, new Date(at));
  }
}
