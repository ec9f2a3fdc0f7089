import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TeamMemberNoticeEntity } from './team-member-notice.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(TeamMemberNoticeEntity).tablePath;

/** What each team's captain was told of its members and requests (`team_member_notices`). */
@Injectable()
export class TeamMemberNoticesRepository {
  /** A page joined or asked to join: not told yet. */
  async record(manager: EntityManager, notice: { profileId: string; teamId: string; userId: string }): Promise<void> {
    await manager.query(
      `INSERT INTO ${tableOf(manager)} (profile_id, team_id, user_id, requested_at, digest_mailed_at)
       VALUES ($1, $2, $3, now(), NULL)
       ON CONFLICT (profile_id) DO UPDATE SET team_id = EXCLUDED.team_id, user_id = EXCLUDED.user_id,
         requested_at = EXCLUDED.requested_at, digest_mailed_at = NULL`,
      [notice.profileId, notice.teamId, notice.userId],
    );
  }

  /** A notice brought over from profiles (decision 0022). */
  async restore(manager: EntityManager, notice: TeamMemberNoticeEntity): Promise<void> {
    await manager.query(
      `INSERT INTO ${tableOf(manager)} (profile_id, team_id, user_id, requested_at, digest_mailed_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (profile_id) DO NOTHING`,
      [notice.profileId, notice.teamId, notice.userId, notice.requestedAt, notice.digestMailedAt],
    );
  }

  /** An approved request: the digest tells of the new member. */
  async untell(manager: EntityManager, profileId: string): Promise<void> {
    await manager.update(TeamMemberNoticeEntity, { profileId }, { digestMailedAt: null });
  }

  async forget(manager: EntityManager, profileId: string): Promise<void> {
    await manager.delete(TeamMemberNoticeEntity, { profileId });
  }

  async find(manager: EntityManager, profileId: string): Promise<TeamMemberNoticeEntity | null> {
    return manager.findOne(TeamMemberNoticeEntity, { where: { profileId } });
  }

  /** The team's pages not yet named by a digest, locked (a sending digest takes them), oldest first. */
  async untold(manager: EntityManager, teamId: string): Promise<TeamMemberNoticeEntity[]> {
    return manager.query(
      `SELECT profile_id AS "profileId", team_id AS "teamId", user_id AS "userId", requested_at AS "requestedAt",
              digest_mailed_at AS "digestMailedAt"
         FROM ${tableOf(manager)} WHERE team_id = $1 AND digest_mailed_at IS NULL
        ORDER BY requested_at, profile_id FOR UPDATE`,
      [teamId],
    );
  }

  /** Marks these pages as told (in the transaction that sends the digest: a failed send leaves them). */
  async markTold(manager: EntityManager, profileIds: string[]): Promise<void> {
    if (profileIds.length === 0) return;
    await manager.query(`UPDATE ${tableOf(manager)} SET digest_mailed_at = now() WHERE profile_id = ANY($1::uuid[])`, [
      profileIds,
    ]);
  }
}
