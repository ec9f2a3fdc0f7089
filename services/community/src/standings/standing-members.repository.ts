import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PageEntity } from '../pages/page.entity.js';
import type { GroupKind, GroupRef } from './group-kind.js';
import { StandingMemberEntity } from './standing-member.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(StandingMemberEntity).tablePath;

const pagesOf = (manager: EntityManager) => manager.connection.getMetadata(PageEntity).tablePath;

const COLUMNS = `group_kind AS "groupKind", group_id AS "groupId", profile_id AS "profileId", user_id AS "userId",
  status, joined_at AS "joinedAt", published, raised, donors, currency, totals_version::float8 AS "totalsVersion",
  meters, distance_version::float8 AS "distanceVersion"`;

export type MemberRow = StandingMemberEntity;

/** A member with what its group's lists show of its page (community's copy). */
export interface ListedMemberRow extends MemberRow {
  pageSlug: string;
  name: string;
  pageGoal: string;
}

/** How a group's members are ranked. */
export type MemberRanking = 'raised' | 'miles' | 'percent';

const RANKING_ORDER: Record<MemberRanking, string> = {
  raised: 'm.raised DESC, m.profile_id',
  miles: 'm.meters DESC, m.profile_id',
  percent: `(m.raised / NULLIF(p.fundraising_goal, 0)) DESC NULLS LAST, m.raised DESC, m.profile_id`,
};

const LISTED_COLUMNS = `m.group_kind AS "groupKind", m.group_id AS "groupId", m.profile_id AS "profileId",
  m.user_id AS "userId", m.status, m.joined_at AS "joinedAt", m.published, m.raised, m.donors, m.currency,
  m.totals_version::float8 AS "totalsVersion", m.meters, m.distance_version::float8 AS "distanceVersion",
  p.url_slug AS "pageSlug", coalesce(p.name, '') AS name, p.fundraising_goal AS "pageGoal"`;

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

  /** The largest meters among the runner's other counted memberships in the group (null: none). */
  async largestMetersOfOthers(
    manager: EntityManager,
    group: GroupRef,
    userId: string,
    profileId: string,
  ): Promise<number | null> {
    const rows: { meters: number | null }[] = await manager.query(
      `SELECT max(meters) AS meters FROM ${tableOf(manager)}
        WHERE group_kind = $1 AND group_id = $2 AND user_id = $3 AND profile_id <> $4 AND status = 'member'
          AND published`,
      [group.kind, group.id, userId, profileId],
    );
    const meters = rows[0]?.meters;
    return meters === null || meters === undefined ? null : Number(meters);
  }

  /** Published members ranked, one page of them, with their pages' cards. */
  async listRanked(
    manager: EntityManager,
    group: GroupRef,
    by: MemberRanking,
    offset: number,
    limit: number,
  ): Promise<ListedMemberRow[]> {
    return manager.query(
      `SELECT ${LISTED_COLUMNS} FROM ${tableOf(manager)} m JOIN ${pagesOf(manager)} p ON p.profile_id = m.profile_id
        WHERE m.group_kind = $1 AND m.group_id = $2 AND m.status = 'member' AND m.published
        ORDER BY ${RANKING_ORDER[by]} LIMIT $3 OFFSET $4`,
      [group.kind, group.id, limit, offset],
    );
  }

  /** The requests of published pages waiting on the group's captain, oldest first. */
  async listPending(manager: EntityManager, group: GroupRef): Promise<ListedMemberRow[]> {
    return manager.query(
      `SELECT ${LISTED_COLUMNS} FROM ${tableOf(manager)} m JOIN ${pagesOf(manager)} p ON p.profile_id = m.profile_id
        WHERE m.group_kind = $1 AND m.group_id = $2 AND m.status = 'pending' AND m.published
        ORDER BY m.joined_at, m.profile_id`,
      [group.kind, group.id],
    );
  }

  /** Every member and request, oldest first (a captain's CSV), or only `profileIds` of them. */
  async listAll(manager: EntityManager, group: GroupRef, profileIds?: string[]): Promise<ListedMemberRow[]> {
    return manager.query(
      `SELECT ${LISTED_COLUMNS} FROM ${tableOf(manager)} m JOIN ${pagesOf(manager)} p ON p.profile_id = m.profile_id
        WHERE m.group_kind = $1 AND m.group_id = $2 AND ($3::uuid[] IS NULL OR m.profile_id = ANY($3::uuid[]))
        ORDER BY m.joined_at, m.profile_id`,
      [group.kind, group.id, profileIds ?? null],
    );
  }

  /** The member (not a request) who has been in the group longest, but `exceptProfileId`; null when none. */
  async longestStanding(manager: EntityManager, group: GroupRef, exceptProfileId: string): Promise<string | null> {
    const rows: { id: string }[] = await manager.query(
      `SELECT profile_id AS id FROM ${tableOf(manager)}
        WHERE group_kind = $1 AND group_id = $2 AND status = 'member' AND profile_id <> $3
        ORDER BY joined_at, profile_id LIMIT 1`,
      [group.kind, group.id, exceptProfileId],
    );
    return rows[0]?.id ?? null;
  }

  /** Every page in the group (members and requests). */
  async pagesOfGroup(manager: EntityManager, group: GroupRef): Promise<MemberRow[]> {
    return manager.query(
      `SELECT ${COLUMNS} FROM ${tableOf(manager)} WHERE group_kind = $1 AND group_id = $2 ORDER BY profile_id`,
      [group.kind, group.id],
    );
  }
}
