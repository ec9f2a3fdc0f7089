import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { TeamJoinRule, TeamMemberStatus, TeamRanking } from '@runpledge/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import {
  centsToDecimal,
  contributionOf,
  difference,
  isNothing,
  runnerMetersDelta,
  type Contribution,
} from './team-totals.util.js';

const TEAMS = '"profiles"."teams"';
const MEMBERS = '"profiles"."team_members"';
const PAGES = '"profiles"."runner_profiles"';
const REQUEST_MAILS = '"profiles"."team_request_mails"';
const ACCESS = '"profiles"."owner_access"';
const DISTANCES = '"profiles"."runner_distances"';

export interface TeamRow {
  id: string;
  slug: string;
  name: string;
  story: string;
  charityName: string;
  marathonName: string;
  marathonDate: string;
  currency: string;
  goalAmount: string;
  joinRule: TeamJoinRule;
  captainProfileId: string;
  inviteCode: string;
  raised: string;
  donors: number;
  meters: number;
  memberCount: number;
  captainName: string;
  captainSlug: string;
  captainUserId: string;
  /** Whether the captain's page counts (is published), as their membership says. */
  captainPublished: boolean;
}

export interface MemberRow {
  runnerProfileId: string;
  teamId: string;
  userId: string;
  status: TeamMemberStatus;
  joinedAt: Date;
  published: boolean;
  raised: string;
  donors: number;
  currency: string;
  totalsVersion: number;
  meters: number;
  distanceVersion: number;
}

export interface ListedMemberRow extends MemberRow {
  pageSlug: string;
  name: string;
  pageGoal: string;
}

export type TeamValues = Pick<
  TeamRow,
  | 'slug'
  | 'name'
  | 'story'
  | 'charityName'
  | 'marathonName'
  | 'marathonDate'
  | 'currency'
  | 'goalAmount'
  | 'joinRule'
  | 'captainProfileId'
  | 'inviteCode'
>;

export type TeamChanges = Partial<Omit<TeamValues, 'captainProfileId' | 'inviteCode'>>;

/** The snapshot fields an event or a membership change may set on a member. */
export type MemberPatch = Partial<
  Pick<
    MemberRow,
    | 'status'
    | 'published'
    | 'raised'
    | 'donors'
    | 'currency'
    | 'totalsVersion'
    | 'meters'
    | 'distanceVersion'
    | 'joinedAt'
  >
>;

const TEAM_COLUMNS = `t.id, t.slug, t.name, t.story, t.charity_name AS "charityName", t.marathon_name AS "marathonName",
  t.marathon_date::text AS "marathonDate", t.currency, t.goal_amount AS "goalAmount", t.join_rule AS "joinRule",
  t.captain_profile_id AS "captainProfileId", t.invite_code AS "inviteCode", t.raised, t.donors, t.meters,
  t.member_count AS "memberCount", cp.name AS "captainName", cp.url_slug AS "captainSlug", cp.user_id AS "captainUserId",
  coalesce(cm.published, false) AS "captainPublished"`;

/** A team with its captain's page and membership (TEAM_COLUMNS). */
const TEAM_FROM = `${TEAMS} t JOIN ${PAGES} cp ON cp.id = t.captain_profile_id
  LEFT JOIN ${MEMBERS} cm ON cm.runner_profile_id = t.captain_profile_id AND cm.team_id = t.id`;

const MEMBER_COLUMNS = `m.runner_profile_id AS "runnerProfileId", m.team_id AS "teamId", m.user_id AS "userId", m.status,
  m.joined_at AS "joinedAt", m.published, m.raised, m.donors, m.currency, m.totals_version::float8 AS "totalsVersion",
  m.meters, m.distance_version::float8 AS "distanceVersion"`;

const RANKING_ORDER: Record<TeamRanking, string> = {
  raised: 'm.raised DESC, m.runner_profile_id',
  miles: 'm.meters DESC, m.runner_profile_id',
  percent: `(m.raised / NULLIF(p.fundraising_goal, 0)) DESC NULLS LAST, m.raised DESC, m.runner_profile_id`,
};

/**
 * Teams and their members. Every change of what a member adds to its team goes through
 * `changeMember`: with the team's row and then the member's locked (always in that order), it moves
 * the team's columns by new − old, so the columns are the sums without ever being summed on a read.
 */
@Injectable()
export class TeamsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insertIfSlugFree(manager: EntityManager, values: TeamValues): Promise<string | null> {
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO ${TEAMS} (slug, name, story, charity_name, marathon_name, marathon_date, currency, goal_amount,
         join_rule, captain_profile_id, invite_code)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (slug) DO NOTHING RETURNING id`,
      [
        values.slug,
        values.name,
        values.story,
        values.charityName,
        values.marathonName,
        values.marathonDate,
        values.currency,
        values.goalAmount,
        values.joinRule,
        values.captainProfileId,
        values.inviteCode,
      ],
    );
    return rows[0]?.id ?? null;
  }

  async findBySlug(slug: string): Promise<TeamRow | null> {
    const rows: TeamRow[] = await this.dataSource.query(`SELECT ${TEAM_COLUMNS} FROM ${TEAM_FROM} WHERE t.slug = $1`, [
      slug,
    ]);
    return rows[0] ?? null;
  }

  async findById(manager: EntityManager | null, id: string): Promise<TeamRow | null> {
    const rows: TeamRow[] = await (manager ?? this.dataSource).query(
      `SELECT ${TEAM_COLUMNS} FROM ${TEAM_FROM} WHERE t.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The team's row locked until the transaction ends: hand-overs, edits and member changes take turns. */
  async lockById(manager: EntityManager, id: string): Promise<TeamRow | null> {
    const locked: unknown[] = await manager.query(`SELECT id FROM ${TEAMS} WHERE id = $1 FOR UPDATE`, [id]);
    if (locked.length === 0) return null;
    return this.findById(manager, id);
  }

  async update(manager: EntityManager, id: string, changes: TeamChanges): Promise<void> {
    const columns: Record<keyof TeamChanges, string> = {
      slug: 'slug',
      name: 'name',
      story: 'story',
      charityName: 'charity_name',
      marathonName: 'marathon_name',
      marathonDate: 'marathon_date',
      currency: 'currency',
      goalAmount: 'goal_amount',
      joinRule: 'join_rule',
    };
    const entries = Object.entries(changes).filter(([, v]) => v !== undefined) as [keyof TeamChanges, unknown][];
    if (entries.length === 0) return;
    const sets = entries.map(([key], i) => `${columns[key]} = $${i + 2}`).join(', ');
    await manager.query(`UPDATE ${TEAMS} SET ${sets}, updated_at = now() WHERE id = $1`, [
      id,
      ...entries.map(([, v]) => v),
    ]);
  }

  /** After a change of the team's currency: raised is what its counted members raised in the new one. */
  async recountRaised(manager: EntityManager, id: string): Promise<void> {
    await manager.query(
      `UPDATE ${TEAMS} t SET raised = coalesce((SELECT sum(m.raised) FROM ${MEMBERS} m
         WHERE m.team_id = t.id AND m.status = 'member' AND m.published AND m.currency = t.currency), 0)
       WHERE t.id = $1`,
      [id],
    );
  }

  async setCaptain(manager: EntityManager, id: string, profileId: string): Promise<void> {
    await manager.query(`UPDATE ${TEAMS} SET captain_profile_id = $2, updated_at = now() WHERE id = $1`, [
      id,
      profileId,
    ]);
  }

  async setInviteCode(manager: EntityManager, id: string, code: string): Promise<void> {
    await manager.query(`UPDATE ${TEAMS} SET invite_code = $2, updated_at = now() WHERE id = $1`, [id, code]);
  }

  /** Deletes the team (its members' rows with it); answers the member pages, whose views change. */
  async delete(manager: EntityManager, id: string): Promise<{ id: string; urlSlug: string }[]> {
    const pages: { id: string; urlSlug: string }[] = await manager.query(
      `SELECT p.id, p.url_slug AS "urlSlug" FROM ${MEMBERS} m JOIN ${PAGES} p ON p.id = m.runner_profile_id
        WHERE m.team_id = $1`,
      [id],
    );
    await manager.query(`DELETE FROM ${TEAMS} WHERE id = $1`, [id]);
    return pages;
  }

  /** Whether the page's owner has access now (the page is published). */
  async pageForJoin(
    manager: EntityManager,
    profileId: string,
  ): Promise<{
    id: string;
    userId: string;
    urlSlug: string;
    fundsRaised: string;
    totalDonors: number;
    fundraisingCurrency: string;
    totalsVersion: number;
    accessStatus: string | null;
    accessPeriodEnd: Date | null;
  } | null> {
    // FOR SHARE: the page cannot be deleted under a join (pages are locked before teams, always).
    const rows = await manager.query(
      `SELECT p.id, p.user_id AS "userId", p.url_slug AS "urlSlug", p.funds_raised AS "fundsRaised",
              p.total_donors AS "totalDonors", p.fundraising_currency AS "fundraisingCurrency",
              p.totals_version::float8 AS "totalsVersion", a.status AS "accessStatus",
              a.current_period_end AS "accessPeriodEnd"
         FROM ${PAGES} p LEFT JOIN ${ACCESS} a ON a.user_id = p.user_id
        WHERE p.id = $1 FOR SHARE OF p`,
      [profileId],
    );
    return rows[0] ?? null;
  }

  async distanceOf(manager: EntityManager, userId: string): Promise<{ totalMeters: number; version: number }> {
    const rows: { totalMeters: number; version: number }[] = await manager.query(
      `SELECT total_meters AS "totalMeters", version::float8 AS version FROM ${DISTANCES} WHERE user_id = $1`,
      [userId],
    );
    return rows[0] ?? { totalMeters: 0, version: 0 };
  }

  /** Stores the runner's distance when newer than the stored one; true when it was. */
  async upsertDistanceIfNewer(
    manager: EntityManager,
    userId: string,
    totalMeters: number,
    version: number,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO ${DISTANCES} (user_id, total_meters, version) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET total_meters = EXCLUDED.total_meters, version = EXCLUDED.version
         WHERE ${DISTANCES}.version < EXCLUDED.version
       RETURNING user_id`,
      [userId, totalMeters, version],
    );
    return rows.length > 0;
  }

  async forgetDistance(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`DELETE FROM ${DISTANCES} WHERE user_id = $1`, [userId]);
  }

  /**
   * Adds the page to the team (a unique key: a page already in a team, or joining another at the same
   * moment, fails with a unique violation) and moves the team's columns by what it adds.
   */
  async insertMember(
    manager: EntityManager,
    team: Pick<TeamRow, 'id' | 'currency'>,
    member: Omit<MemberRow, 'teamId'>,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO ${MEMBERS} (runner_profile_id, team_id, user_id, status, requested_at, joined_at, published, raised,
         donors, currency, totals_version, meters, distance_version)
       VALUES ($1, $2, $3, $4, now(), $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        member.runnerProfileId,
        team.id,
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
    await this.moveMember(manager, { ...member, teamId: team.id }, team.currency, null, member);
  }

  async findMember(manager: EntityManager | null, profileId: string): Promise<MemberRow | null> {
    const rows: MemberRow[] = await (manager ?? this.dataSource).query(
      `SELECT ${MEMBER_COLUMNS} FROM ${MEMBERS} m WHERE m.runner_profile_id = $1`,
      [profileId],
    );
    return rows[0] ?? null;
  }

  /**
   * Changes one member's snapshot and moves its team by new − old. `patch` sees the locked row and
   * answers the changes (null: none, e.g. an event older than the snapshot). Locks the team's row
   * first, then the member's. Answers the row after the change, null when the page is in no team.
   */
  async changeMember(
    manager: EntityManager,
    profileId: string,
    patch: (current: MemberRow) => MemberPatch | null,
  ): Promise<MemberRow | null> {
    const found = await this.findMember(manager, profileId);
    if (!found) return null;
    const teamRows: { currency: string }[] = await manager.query(
      `SELECT currency FROM ${TEAMS} WHERE id = $1 FOR UPDATE`,
      [found.teamId],
    );
    const team = teamRows[0];
    if (!team) return null;
    const rows: MemberRow[] = await manager.query(
      `SELECT ${MEMBER_COLUMNS} FROM ${MEMBERS} m WHERE m.runner_profile_id = $1 AND m.team_id = $2 FOR UPDATE`,
      [profileId, found.teamId],
    );
    const current = rows[0];
    if (!current) return this.changeMember(manager, profileId, patch); // moved teams meanwhile: again
    const changes = patch(current);
    if (!changes || Object.keys(changes).length === 0) return current;
    const next: MemberRow = { ...current, ...changes };
    await manager.query(
      `UPDATE ${MEMBERS} SET status = $2, published = $3, raised = $4, donors = $5, currency = $6,
         totals_version = $7, meters = $8, distance_version = $9, joined_at = $10
       WHERE runner_profile_id = $1`,
      [
        profileId,
        next.status,
        next.published,
        next.raised,
        next.donors,
        next.currency,
        next.totalsVersion,
        next.meters,
        next.distanceVersion,
        next.joinedAt,
      ],
    );
    await this.moveMember(manager, current, team.currency, current, next);
    return next;
  }

  /** Takes the page out of its team, the team's columns with it; the row it was, or null. */
  async removeMember(manager: EntityManager, profileId: string): Promise<MemberRow | null> {
    const found = await this.findMember(manager, profileId);
    if (!found) return null;
    const teamRows: { currency: string }[] = await manager.query(
      `SELECT currency FROM ${TEAMS} WHERE id = $1 FOR UPDATE`,
      [found.teamId],
    );
    const team = teamRows[0];
    const rows: MemberRow[] = await manager.query(
      `SELECT ${MEMBER_COLUMNS} FROM ${MEMBERS} m WHERE m.runner_profile_id = $1 AND m.team_id = $2 FOR UPDATE`,
      [profileId, found.teamId],
    );
    const removed = rows[0];
    if (!removed || !team) return null;
    await manager.query(`DELETE FROM ${MEMBERS} WHERE runner_profile_id = $1`, [profileId]);
    await this.moveMember(manager, removed, team.currency, removed, null);
    return removed;
  }

  /**
   * Moves the team by what one membership's change adds: its page's money and count as they are, its
   * runner's meters once for all their pages in the team (runnerMetersDelta). The team's row is held.
   */
  private async moveMember(
    manager: EntityManager,
    member: Pick<MemberRow, 'teamId' | 'userId' | 'runnerProfileId'>,
    currency: string,
    before: MemberRow | null,
    after: Omit<MemberRow, 'teamId'> | null,
  ): Promise<void> {
    // Held already by a change or a removal; a join takes it here, so two pages of one runner take turns.
    await manager.query(`SELECT id FROM ${TEAMS} WHERE id = $1 FOR UPDATE`, [member.teamId]);
    const old = contributionOf(before, currency);
    const next = contributionOf(after, currency);
    const rows: { meters: number | null }[] = await manager.query(
      `SELECT max(meters) AS meters FROM ${MEMBERS}
        WHERE team_id = $1 AND user_id = $2 AND runner_profile_id <> $3 AND status = 'member' AND published`,
      [member.teamId, member.userId, member.runnerProfileId],
    );
    const others = rows[0]?.meters ?? null;
    await this.moveTeam(manager, member.teamId, {
      ...difference(old, next),
      meters: runnerMetersDelta(others === null ? null : Number(others), old, next),
    });
  }

  private async moveTeam(manager: EntityManager, teamId: string, delta: Contribution): Promise<void> {
    if (isNothing(delta)) return;
    await manager.query(
      `UPDATE ${TEAMS} SET raised = raised + $2::numeric, donors = donors + $3, meters = greatest(meters + $4, 0),
         member_count = member_count + $5 WHERE id = $1`,
      [teamId, centsToDecimal(delta.raisedCents), delta.donors, delta.meters, delta.members],
    );
  }

  /** The page ids of a user's memberships, in team order (so two changes lock teams in one order). */
  async memberPagesOfUser(manager: EntityManager, userId: string): Promise<string[]> {
    const rows: { id: string }[] = await manager.query(
      `SELECT runner_profile_id AS id FROM ${MEMBERS} WHERE user_id = $1 ORDER BY team_id, runner_profile_id`,
      [userId],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Owners whose memberships still count while their stored access gives no access any more: a
   * past-due grace that ended by `graceCutoff` (billing sends nothing then), or none at all.
   */
  async usersCountedWithoutAccess(graceCutoff: Date, limit: number): Promise<string[]> {
    const rows: { userId: string }[] = await this.dataSource.query(
      `SELECT DISTINCT m.user_id AS "userId" FROM ${MEMBERS} m LEFT JOIN ${ACCESS} a ON a.user_id = m.user_id
        WHERE m.published AND (a.user_id IS NULL OR a.status IN ('none', 'canceled')
           OR (a.status = 'past_due' AND (a.current_period_end IS NULL OR a.current_period_end <= $1)))
        LIMIT $2`,
      [graceCutoff, limit],
    );
    return rows.map((r) => r.userId);
  }

  /** Published members ranked, one page of them. */
  async listPublicMembers(teamId: string, by: TeamRanking, offset: number, limit: number): Promise<ListedMemberRow[]> {
    return this.dataSource.query(
      `SELECT ${MEMBER_COLUMNS}, p.url_slug AS "pageSlug", p.name, p.fundraising_goal AS "pageGoal"
         FROM ${MEMBERS} m JOIN ${PAGES} p ON p.id = m.runner_profile_id
        WHERE m.team_id = $1 AND m.status = 'member' AND m.published
        ORDER BY ${RANKING_ORDER[by]} LIMIT $2 OFFSET $3`,
      [teamId, limit, offset],
    );
  }

  /** The join requests of published pages waiting on the captain, oldest first. */
  async listPendingMembers(teamId: string): Promise<ListedMemberRow[]> {
    return this.dataSource.query(
      `SELECT ${MEMBER_COLUMNS}, p.url_slug AS "pageSlug", p.name, p.fundraising_goal AS "pageGoal"
         FROM ${MEMBERS} m JOIN ${PAGES} p ON p.id = m.runner_profile_id
        WHERE m.team_id = $1 AND m.status = 'pending' AND m.published
        ORDER BY m.requested_at, m.runner_profile_id`,
      [teamId],
    );
  }

  /** Every member and request, oldest first (the captain's CSV). */
  async listAllMembers(teamId: string): Promise<ListedMemberRow[]> {
    return this.dataSource.query(
      `SELECT ${MEMBER_COLUMNS}, p.url_slug AS "pageSlug", p.name, p.fundraising_goal AS "pageGoal"
         FROM ${MEMBERS} m JOIN ${PAGES} p ON p.id = m.runner_profile_id
        WHERE m.team_id = $1 ORDER BY m.joined_at, m.runner_profile_id`,
      [teamId],
    );
  }

  /** The member who has been in the team longest, but `exceptProfileId`; null when none. */
  async longestStandingMember(manager: EntityManager, teamId: string, exceptProfileId: string): Promise<string | null> {
    const rows: { id: string }[] = await manager.query(
      `SELECT runner_profile_id AS id FROM ${MEMBERS}
        WHERE team_id = $1 AND status = 'member' AND runner_profile_id <> $2
        ORDER BY joined_at, runner_profile_id LIMIT 1`,
      [teamId, exceptProfileId],
    );
    return rows[0]?.id ?? null;
  }

  /** The teams this page captains (one at most in practice). */
  async teamsCaptainedBy(manager: EntityManager, profileId: string): Promise<string[]> {
    const rows: { id: string }[] = await manager.query(
      `SELECT id FROM ${TEAMS} WHERE captain_profile_id = $1 ORDER BY id`,
      [profileId],
    );
    return rows.map((r) => r.id);
  }

  /** A user's teams and memberships, for their account export. */
  async exportOfUser(userId: string): Promise<Record<string, unknown>[]> {
    return this.dataSource.query(
      `SELECT t.slug AS "teamSlug", t.name AS "teamName", p.url_slug AS "pageSlug", m.status,
              m.joined_at AS "joinedAt", (t.captain_profile_id = m.runner_profile_id) AS "isCaptain"
         FROM ${MEMBERS} m JOIN ${TEAMS} t ON t.id = m.team_id JOIN ${PAGES} p ON p.id = m.runner_profile_id
        WHERE m.user_id = $1 ORDER BY m.joined_at`,
      [userId],
    );
  }

  /** New members not yet told to the captain (the daily digest), marked as told. */
  async takeUndigested(manager: EntityManager, teamId: string): Promise<{ name: string; pageSlug: string }[]> {
    return manager.query(
      `WITH told AS (
         UPDATE ${MEMBERS} m SET digest_mailed_at = now()
          WHERE m.team_id = $1 AND m.status = 'member' AND m.digest_mailed_at IS NULL
            AND m.runner_profile_id <> (SELECT captain_profile_id FROM ${TEAMS} WHERE id = $1)
          RETURNING m.runner_profile_id, m.joined_at)
       SELECT p.name, p.url_slug AS "pageSlug" FROM told JOIN ${PAGES} p ON p.id = told.runner_profile_id
        ORDER BY told.joined_at`,
      [teamId],
    );
  }

  /**
   * A runner's join request mails the captain at most once a day per team: true when this one may
   * (the request's own time, now(), is recorded as the mail's), false when the digest tells it.
   */
  async claimRequestMail(manager: EntityManager, teamId: string, userId: string): Promise<boolean> {
    const rows = (await manager.query(
      `INSERT INTO ${REQUEST_MAILS} AS r (team_id, user_id, mailed_at) VALUES ($1, $2, now())
       ON CONFLICT (team_id, user_id) DO UPDATE SET mailed_at = now()
         WHERE r.mailed_at <= now() - interval '1 day'
       RETURNING r.team_id`,
      [teamId, userId],
    )) as unknown[];
    return rows.length > 0;
  }

  /** A deleted account's join requests are forgotten with it: no record of when they mailed anyone. */
  async forgetRequestMails(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`DELETE FROM ${REQUEST_MAILS} WHERE user_id = $1`, [userId]);
  }

  /** Join requests not mailed at once (made after their runner's request mail of the day), marked as told. */
  async takeUntoldRequests(manager: EntityManager, teamId: string): Promise<{ name: string; pageSlug: string }[]> {
    return manager.query(
      `WITH told AS (
         UPDATE ${MEMBERS} m SET digest_mailed_at = now()
          WHERE m.team_id = $1 AND m.status = 'pending' AND m.digest_mailed_at IS NULL
            AND m.requested_at > COALESCE(
              (SELECT r.mailed_at FROM ${REQUEST_MAILS} r WHERE r.team_id = m.team_id AND r.user_id = m.user_id),
              '-infinity')
          RETURNING m.runner_profile_id, m.requested_at)
       SELECT p.name, p.url_slug AS "pageSlug" FROM told JOIN ${PAGES} p ON p.id = told.runner_profile_id
        ORDER BY told.requested_at`,
      [teamId],
    );
  }

  /** The captain's e-mail (via their account row). */
  async captainEmail(manager: EntityManager, teamId: string): Promise<string | null> {
    const rows: { email: string }[] = await manager.query(
      `SELECT a.email FROM ${TEAMS} t JOIN ${PAGES} p ON p.id = t.captain_profile_id
         JOIN "profiles"."accounts" a ON a.user_id = p.user_id WHERE t.id = $1`,
      [teamId],
    );
    return rows[0]?.email ?? null;
  }
}
