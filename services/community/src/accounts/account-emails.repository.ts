import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AccountEmailEntity } from './account-email.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(AccountEmailEntity).tablePath;

/** Owners' e-mail addresses (`account_emails`), as identity last told them. */
@Injectable()
export class AccountEmailsRepository {
  /** Stores the address unless a newer one is there; true when stored. */
  async upsertIfNewer(manager: EntityManager, userId: string, email: string, changedAt: Date): Promise<boolean> {
    const table = tableOf(manager);
    const rows: unknown[] = await manager.query(
      `INSERT INTO ${table} (user_id, email, changed_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, changed_at = EXCLUDED.changed_at
         WHERE ${table}.changed_at <= EXCLUDED.changed_at
       RETURNING user_id`,
      [userId, email, changedAt],
    );
    return rows.length > 0;
  }

  async emailOf(manager: EntityManager, userId: string): Promise<string | null> {
    return (await manager.findOne(AccountEmailEntity, { where: { userId } }))?.email ?? null;
  }

  async forget(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(AccountEmailEntity, { userId });
  }
}
