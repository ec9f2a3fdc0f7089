import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { AccountEntity } from './account.entity.js';

@Injectable()
export class AccountsRepository {
  constructor(@InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>) {}

  findByUserId(userId: string): Promise<AccountEntity | null> {
    return this.accounts.findOneBy({ userId });
  }

  async upsertRegistration(
    manager: EntityManager,
    account: Pick<AccountEntity, 'userId' | 'email' | 'registeredAt'>,
  ): Promise<void> {
    await manager.upsert(AccountEntity, account, ['userId']);
  }

  async markVerified(manager: EntityManager, userId: string, verifiedAt: Date): Promise<void> {
    await manager.update(AccountEntity, { userId }, { verifiedAt });
  }

  async changeEmail(manager: EntityManager, userId: string, email: string): Promise<void> {
    await manager.update(AccountEntity, { userId }, { email });
  }
}
