import { Injectable } from '@nestjs/common';
import type { CharityRole } from '@runpledge/contracts';
import type { EntityManager } from 'typeorm';
import { CharityStaffEntity } from './charity-staff.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(CharityStaffEntity).tablePath;
const COLUMNS = `charity_id AS "charityId", user_id AS "userId", email, role, created_at AS "createdAt"`;

/** The charities' staff (`charity_staff`). */
@Injectable()
export class CharityStaffRepository {
  /** Adds the person, or gives them the role when they are staff already. */
  async upsert(manager: EntityManager, charityId: string, userId: string, email: string, role: CharityRole) {
    await manager.query(
      `INSERT INTO ${tableOf(manager)} (charity_id, user_id, email, role) VALUES ($1, $2, $3, $4)
       ON CONFLICT (charity_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
      [charityId, userId, email, role],
    );
  }

  async roleOf(manager: EntityManager, charityId: string, userId: string): Promise<CharityRole | null> {
    const rows: { role: CharityRole }[] = await manager.query(
      `SELECT role FROM ${tableOf(manager)} WHERE charity_id = $1 AND user_id = $2`,
      [charityId, userId],
    );
    return rows[0]?.role ?? null;
  }

  /** Of `charityIds`, those where the user is staff. */
  async staffOfAmong(manager: EntityManager, userId: string, charityIds: string[]): Promise<Set<string>> {
    if (charityIds.length === 0) return new Set();
    const rows: { id: string }[] = await manager.query(
      `SELECT charity_id AS id FROM ${tableOf(manager)} WHERE user_id = $1 AND charity_id = ANY($2::uuid[])`,
      [userId, charityIds],
    );
    return new Set(rows.map((r) => r.id));
  }

  async list(manager: EntityManager, charityId: string): Promise<CharityStaffEntity[]> {
    return manager.query(
      `SELECT ${COLUMNS} FROM ${tableOf(manager)} WHERE charity_id = $1 ORDER BY role, lower(email), user_id`,
      [charityId],
    );
  }

  async findByEmail(manager: EntityManager, charityId: string, email: string): Promise<CharityStaffEntity | null> {
    const rows: CharityStaffEntity[] = await manager.query(
      `SELECT ${COLUMNS} FROM ${tableOf(manager)} WHERE charity_id = $1 AND lower(email) = lower($2)`,
      [charityId, email],
    );
    return rows[0] ?? null;
  }

  async countAdmins(manager: EntityManager, charityId: string): Promise<number> {
    const rows: { n: number }[] = await manager.query(
      `SELECT count(*)::int AS n FROM ${tableOf(manager)} WHERE charity_id = $1 AND role = 'admin'`,
      [charityId],
    );
    return rows[0].n;
  }

  async delete(manager: EntityManager, charityId: string, userId: string): Promise<void> {
    await manager.query(`DELETE FROM ${tableOf(manager)} WHERE charity_id = $1 AND user_id = $2`, [charityId, userId]);
  }

  /** A deleted account leaves every charity's staff. */
  async forgetUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`DELETE FROM ${tableOf(manager)} WHERE user_id = $1`, [userId]);
  }
}
