import { Injectable } from '@nestjs/common';
import type { ExportCursor } from '@runpledge/contracts';
import { DataSource, In, type EntityManager, type EntityTarget } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity.js';
import { EncouragementEntity } from '../encouragements/encouragement.entity.js';
import { OwnerAccessEntity } from '../owner-access/owner-access.entity.js';
import { FundraisingChallengeEntity } from '../challenges/fundraising-challenge.entity.js';
import { RunnerProfileEntity } from '../runner-profiles/runner-profile.entity.js';

export type ExportedEncouragementRow = Pick<EncouragementEntity, 'id' | 'senderName' | 'message' | 'createdAt'> & {
  cursorAt: string;
};

/** Everything profiles holds about one user, read or removed at once. */
@Injectable()
export class AccountDataRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findAllOfUser(userId: string) {
    const manager = this.dataSource.manager;
    const pages = await manager.find(RunnerProfileEntity, { where: { userId }, order: { createdAt: 'ASC' } });
    const pageIds = pages.map((p) => p.id);
    const [account, access, challenges] = await Promise.all([
      manager.findOneBy(AccountEntity, { userId }),
      manager.findOneBy(OwnerAccessEntity, { userId }),
      pageIds.length
        ? manager.find(FundraisingChallengeEntity, {
            where: { runnerProfileId: In(pageIds) },
            order: { position: 'ASC' },
          })
        : [],
    ]);
    return { account, access, pages, challenges };
  }

  /**
   * Up to `limit` encouragements of the user's own page, oldest first, after `after` (keyset on time
   * and id, so ones sent or trimmed meanwhile neither repeat nor shift the rest). Another user's page
   * reads as none.
   */
  async findEncouragementsPage(
    userId: string,
    profileId: string,
    after: ExportCursor | null,
    limit: number,
  ): Promise<ExportedEncouragementRow[]> {
    const tableOf = (entity: EntityTarget<unknown>) => this.dataSource.getMetadata(entity).tablePath;
    return this.dataSource.query(
      `SELECT e.id, e.sender_name AS "senderName", e.message, e.created_at AS "createdAt",
              to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "cursorAt"
       FROM ${tableOf(EncouragementEntity)} e
       JOIN ${tableOf(RunnerProfileEntity)} p ON p.id = e.runner_profile_id
       WHERE p.id = $1 AND p.user_id = $2
         AND ($3::timestamptz IS NULL OR (e.created_at, e.id) > ($3::timestamptz, $4::uuid))
       ORDER BY e.created_at, e.id
       LIMIT $5`,
      [profileId, userId, after?.at ?? null, after?.id ?? null, limit],
    );
  }

  /**
   * Deletes the user's copies of the account, and any page still theirs (the caller deletes the pages
   * it locked first, holding their addresses; their challenges, claims and encouragement cascade).
   */
  async deleteAllOfUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(RunnerProfileEntity, { userId });
    await manager.delete(OwnerAccessEntity, { userId });
    await manager.delete(AccountEntity, { userId });
  }
}
