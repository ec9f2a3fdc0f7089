import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity.js';
import { EncouragementEntity } from '../encouragements/encouragement.entity.js';
import { OwnerAccessEntity } from '../owner-access/owner-access.entity.js';
import { FundraisingChallengeEntity } from '../challenges/fundraising-challenge.entity.js';
import { RunnerProfileEntity } from '../runner-profiles/runner-profile.entity.js';

/** Everything profiles holds about one user, read or removed at once. */
@Injectable()
export class AccountDataRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findAllOfUser(userId: string) {
    const manager = this.dataSource.manager;
    const pages = await manager.find(RunnerProfileEntity, { where: { userId }, order: { createdAt: 'ASC' } });
    const pageIds = pages.map((p) => p.id);
    const [account, access, challenges, encouragements] = await Promise.all([
      manager.findOneBy(AccountEntity, { userId }),
      manager.findOneBy(OwnerAccessEntity, { userId }),
      pageIds.length
        ? manager.find(FundraisingChallengeEntity, {
            where: { runnerProfileId: In(pageIds) },
            order: { position: 'ASC' },
          })
        : [],
      pageIds.length
        ? manager.find(EncouragementEntity, {
            where: { runnerProfileId: In(pageIds) },
            order: { createdAt: 'ASC' },
          })
        : [],
    ]);
    return { account, access, pages, challenges, encouragements };
  }

  /** Deletes the user's pages (their challenges, claims and encouragement cascade) and their copies of the account. */
  async deleteAllOfUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(RunnerProfileEntity, { userId });
    await manager.delete(OwnerAccessEntity, { userId });
    await manager.delete(AccountEntity, { userId });
  }
}
