import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OwnerAccessEntity } from './owner-access.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(OwnerAccessEntity).tablePath;

/** Owners' access (`owner_access`), as billing last reported it. */
@Injectable()
export class OwnerAccessRepository {
  /** Stores billing's change unless a newer one is already there; true when it was stored. */
  async upsertIfNewer(manager: EntityManager, access: OwnerAccessEntity): Promise<boolean> {
    const table = tableOf(manager);
    const stored: unknown[] = await manager.query(
      `INSERT INTO ${table} (user_id, status, current_period_end, changed_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE
         SET status = EXCLUDED.status, current_period_end = EXCLUDED.current_period_end, changed_at = EXCLUDED.changed_at
         WHERE ${table}.changed_at <= EXCLUDED.changed_at
       RETURNING user_id`,
      [access.userId, access.status, access.currentPeriodEnd, access.changedAt],
    );
    return stored.length > 0;
  }

  async find(manager: EntityManager, userId: string): Promise<OwnerAccessEntity | null> {
    return manager.findOne(OwnerAccessEntity, { where: { userId } });
  }

  /** Owners past due since before `periodEndedBefore` (their grace is over by now), at most `limit`. */
  async pastDueSince(manager: EntityManager, periodEndedBefore: Date, limit: number): Promise<string[]> {
    const rows: { userId: string }[] = await manager.query(
      `SELECT user_id AS "userId" FROM ${tableOf(manager)}
        WHERE status = 'past_due' AND (current_period_end IS NULL OR current_period_end <= $1)
        ORDER BY user_id LIMIT $2`,
      [periodEndedBefore, limit],
    );
    return rows.map((r) => r.userId);
  }

  async forget(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(OwnerAccessEntity, { userId });
  }
}
