import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { GroupKind, GroupRef } from './group-kind.js';
import { StandingMemberEntity } from './standing-member.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(StandingMemberEntity).tablePath;

const COLUMNS = `group_kind AS "groupKind", group_id AS "groupId", profile_id AS "profileId", user_id AS "userId",
  status, joined_at AS "joinedAt", published, raised, donors, currency, totals_version::float8 AS "totalsVersion",
  meters, distance_version::float8 AS "distanceVersion"`;

export type MemberRow = StandingMemberEntity;

/** A page's membership of one group of a kind, as the standings see it. */
export interface Membership {
  groupKind: GroupKind;
  groupId: string;
  profileId: string;
}

/** Members' snapshots (`standing_members`): what each page last added to its group's standing. */
@Injectable()
export class StandingMembersRepository {
  /** A page already in a group of this kind fails with a unique violation. */
  async insert(manager: EntityManager, member: MemberRow): Promise<void> {
    await manager.query(
      `INSERT INTO ${tableOf(manager)} (group_kind, group_id, profile_id, user_id, status, joined_at, published,
         raised, donors, currency, totals_version, meters, distance_version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        member.groupKind,
        member.groupId,
        member.profileId,
        member.userId,
        member.status,
        member.joinedAt,
        member.published,
        member.raised,
        member.donors,
        member.currency,
        member.totalsVersion,
        member.meters,
        member.distanceVersion,
      ],
    );
  }

  async find(manager: EntityManager, kind: GroupKind, profileId: string): Promise<MemberRow | null> {
    const rows: MemberRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM ${tableOf(manager)} WHERE group_kind = $1 AND profile_id = $2`,
      [kind, profileId],
    );
    return rows[0] ?? null;
  }

  /** The member's row in `group`, locked until the transaction ends; null when it is not (or no longer) there. */
  async lock(manager: EntityManager, group: GroupRef, profileId: string): Promise<MemberRow | null> {
    const rows: MemberRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM ${tableOf(manager)} WHERE group_kind = $1 AND profile_id = $2 AND group_id = $3
       FOR UPDATE`,
      [group.kind, profileId, group.id],
    );
    return rows[0] ?? null;
  }

  async update(manager: EntityManager, member: MemberRow): Promise<void> {
    await manager.query(
      `UPDATE ${tableOf(manager)} SET status = $3, published = $4, raised = $5, donors = $6, currency = $7,
         totals_version = $8, meters = $9, distance_version = $10, joined_at = $11
       WHERE group_kind = $1 AND profile_id = $2`,
      [
        member.groupKind,
        member.profileId,
        member.status,
        member.published,
        member.raised,
        member.donors,
        member.currency,
        member.totalsVersion,
        member.meters,
        member.distanceVersion,
        member.joinedAt,
      ],
    );
  }

  async delete(manager: EntityManager, kind: GroupKind, profileId: string): Promise<void> {
    await manager.query(`DELETE FROM ${tableOf(manager)} WHERE group_kind = $1 AND profile_id = $2`, [kind, profileId]);
  }

  /** The page's memberships, in group order (so two changes lock groups in one order). */
  async membershipsOfPage(manager: EntityManager, profileId: string): Promise<Membership[]> {
    return manager.query(
      `SELECT group_kind AS "groupKind", group_id AS "groupId", profile_id AS "profileId" FROM ${tableOf(manager)}
        WHERE profile_id = $1 ORDER BY group_kind, group_id`,
      [profileId],
    );
  }

  /** Of `userIds`, those with a page counted as published in some group. */
  async usersCountedAmong(manager: EntityManager, userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows: { userId: string }[] = await manager.query(
      `SELECT DISTINCT user_id AS "userId" FROM ${tableOf(manager)} WHERE user_id = ANY($1::uuid[]) AND published`,
      [userIds],
    );
    return rows.map((r) => r.userId);
  }

  /** The memberships of all of a runner's pages, in group order. */
  async membershipsOfUser(manager: EntityManager, userId: string): Promise<Membership[]> {
    return manager.query(
      `SELECT group_kind AS "groupKind", group_id AS "groupId", profile_id AS "profileId" FROM ${tableOf(manager)}
        WHERE user_id = $1 ORDER BY group_kind, group_id, profile_id`,
      [userId],
    );
  }
}
