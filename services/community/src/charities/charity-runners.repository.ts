import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SubscriptionStatus } from '@runpledge/contracts';
import { EventEntity } from '../events/event.entity.js';
import { OwnerAccessEntity } from '../pages/owner-access.entity.js';
import { PageEntity } from '../pages/page.entity.js';
import { RunnerDistanceEntity } from '../pages/runner-distance.entity.js';
import { StandingMemberEntity } from '../standings/standing-member.entity.js';

const pagesOf = (manager: EntityManager) => manager.connection.getMetadata(PageEntity).tablePath;
const accessOf = (manager: EntityManager) => manager.connection.getMetadata(OwnerAccessEntity).tablePath;
const distancesOf = (manager: EntityManager) => manager.connection.getMetadata(RunnerDistanceEntity).tablePath;
const eventsOf = (manager: EntityManager) => manager.connection.getMetadata(EventEntity).tablePath;
const membersOf = (manager: EntityManager) => manager.connection.getMetadata(StandingMemberEntity).tablePath;

export interface PublicRunnerRow {
  profileId: string;
  urlSlug: string;
  name: string;
  raised: string;
  currency: string;
  goal: string;
  donors: number;
  meters: number;
  eventName: string | null;
}

const ORDER = {
  raised: `m.raised DESC`,
  miles: `m.meters DESC`,
  percent: `CASE WHEN p.fundraising_goal > 0 THEN m.raised / p.fundraising_goal ELSE 0 END DESC`,
} as const;

export interface ConsoleRunnerRow {
  profileId: string;
  name: string;
  urlSlug: string;
  published: boolean;
  eventName: string | null;
  raceDate: string | null;
  platform: string | null;
  raised: string;
  currency: string;
  goal: string;
  donors: number;
  lastDonationAt: Date | null;
  meters: number;
  lastRunAt: Date | null;
  noDonationYet: boolean;
  behindPace: boolean;
  quiet30Days: boolean;
  goalReached: boolean;
}

export interface ConsoleFilter {
  eventId?: string;
  flag?: 'no_donation_yet' | 'behind_pace' | 'quiet_30_days' | 'goal_reached';
  query: string;
  sort: 'name' | 'raised' | 'percent' | 'donors' | 'miles' | 'race_date' | 'last_donation' | 'last_run';
  descending: boolean;
}

const FLAG_COLUMN = {
  no_donation_yet: '"noDonationYet"',
  behind_pace: '"behindPace"',
  quiet_30_days: '"quiet30Days"',
  goal_reached: '"goalReached"',
} as const;
const SORT_COLUMN = {
  name: 'lower(name)',
  raised: 'raised::numeric',
  percent: 'percent',
  donors: 'donors',
  miles: 'meters',
  race_date: '"raceDate"',
  last_donation: '"lastDonationAt"',
  last_run: '"lastRunAt"',
} as const;

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The pages naming a charity, as its members' snapshots (`standing_members`) and page copies (`pages`) hold them. */
@Injectable()
export class CharityRunnersRepository {
  /** The charity's runners whose pages are published, ranked by `by`, with how many there are. */
  async published(
    manager: EntityManager,
    charityId: string,
    by: keyof typeof ORDER,
    offset: number,
    limit: number,
  ): Promise<{ rows: PublicRunnerRow[]; total: number }> {
    const rows: (PublicRunnerRow & { total: string })[] = await manager.query(
      `SELECT m.profile_id AS "profileId", p.url_slug AS "urlSlug", p.name, m.raised::text AS raised, m.currency,
              p.marathon_name AS "eventName",
              p.fundraising_goal::text AS goal, m.donors, m.meters, count(*) OVER () AS total
         FROM ${membersOf(manager)} m JOIN ${pagesOf(manager)} p ON p.profile_id = m.profile_id
        WHERE m.group_kind = 'charity' AND m.group_id = $1 AND m.status = 'member' AND m.published
          AND p.deleted_at IS NULL AND p.name IS NOT NULL
        ORDER BY ${ORDER[by]}, m.profile_id
        OFFSET $2 LIMIT $3`,
      [charityId, offset, limit],
    );
    return { rows: rows.map(({ total: _t, ...row }) => row), total: Number(rows[0]?.total ?? 0) };
  }

  /**
   * Every page naming the charity, published or not (its console), with its flags: no donation yet;
   * behind pace (share of goal raised below the share of time gone from the page's creation to race
   * day, less 20 points); quiet for 30 days (no donation nor run since); goal reached. Filtered,
   * searched by name, sorted and paged in the database.
   */
  async console(
    manager: EntityManager,
    charityId: string,
    filter: ConsoleFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: ConsoleRunnerRow[]; total: number }> {
    const where = [
      filter.flag ? `${FLAG_COLUMN[filter.flag]}` : 'true',
      `($2::uuid IS NULL OR "eventId" = $2::uuid)`,
      `($3::text = '%%' OR name ILIKE $3::text)`,
    ].join(' AND ');
    const direction = filter.descending ? 'DESC NULLS LAST' : 'ASC NULLS LAST';
    const rows: (ConsoleRunnerRow & { total: string })[] = await manager.query(
      `WITH runner AS (
         SELECT m.profile_id AS "profileId", coalesce(p.name, '') AS name, p.url_slug AS "urlSlug", m.published,
                p.marathon_name AS "eventName", to_char(p.race_date, 'YYYY-MM-DD') AS "raceDate", p.event_id AS "eventId",
                p.platform, p.funds_raised::text AS raised, p.currency, p.fundraising_goal::text AS goal,
                p.total_donors AS donors, p.last_donation_at AS "lastDonationAt", m.meters, d.last_run_at AS "lastRunAt",
                CASE WHEN p.fundraising_goal > 0 THEN p.funds_raised / p.fundraising_goal ELSE 0 END AS percent,
                p.total_donors = 0 AND p.funds_raised = 0 AS "noDonationYet",
                p.fundraising_goal > 0 AND p.funds_raised >= p.fundraising_goal AS "goalReached",
                p.fundraising_goal > 0 AND p.funds_raised < p.fundraising_goal
                  AND p.race_date IS NOT NULL AND p.page_created_at IS NOT NULL
                  AND p.race_date::timestamptz > p.page_created_at
                  AND 100 * p.funds_raised / p.fundraising_goal < 100 * least(1, greatest(0,
                        extract(epoch FROM now() - p.page_created_at)
                        / extract(epoch FROM p.race_date::timestamptz - p.page_created_at))) - 20 AS "behindPace",
                coalesce(greatest(p.last_donation_at, d.last_run_at), p.page_created_at, now())
                  < now() - interval '30 days' AS "quiet30Days"
           FROM ${membersOf(manager)} m
           JOIN ${pagesOf(manager)} p ON p.profile_id = m.profile_id AND p.deleted_at IS NULL
           LEFT JOIN ${distancesOf(manager)} d ON d.user_id = m.user_id
          WHERE m.group_kind = 'charity' AND m.group_id = $1 AND m.status = 'member'
       )
       SELECT *, count(*) OVER () AS total FROM runner
        WHERE ${where}
        ORDER BY ${SORT_COLUMN[filter.sort]} ${direction}, "profileId"
        OFFSET $4 LIMIT $5`,
      [charityId, filter.eventId ?? null, `%${likeLiteral(filter.query)}%`, offset, limit],
    );
    return { rows: rows.map(({ total: _t, ...row }) => row), total: Number(rows[0]?.total ?? 0) };
  }

  /** Of `profileIds`, the pages naming the charity (their owners' ids). */
  async namingAmong(manager: EntityManager, charityId: string, profileIds: string[]) {
    const rows: { profileId: string; userId: string; name: string | null }[] = await manager.query(
      `SELECT m.profile_id AS "profileId", m.user_id AS "userId", p.name FROM ${membersOf(manager)} m
         JOIN ${pagesOf(manager)} p ON p.profile_id = m.profile_id AND p.deleted_at IS NULL
        WHERE m.group_kind = 'charity' AND m.group_id = $1 AND m.profile_id = ANY($2::uuid[])`,
      [charityId, profileIds],
    );
    return rows;
  }

  /** The events the charity's published runners run, with how many; a race in the directory with its address. */
  async events(manager: EntityManager, charityId: string) {
    const rows: { id: string | null; slug: string | null; name: string; date: string | null; runnerCount: number }[] =
      await manager.query(
        `SELECT e.id, e.slug, p.marathon_name AS name, to_char(p.race_date, 'YYYY-MM-DD') AS date, count(*)::int AS "runnerCount"
         FROM ${membersOf(manager)} m JOIN ${pagesOf(manager)} p ON p.profile_id = m.profile_id
         LEFT JOIN ${eventsOf(manager)} e ON e.id = p.event_id
        WHERE m.group_kind = 'charity' AND m.group_id = $1 AND m.status = 'member' AND m.published
          AND p.deleted_at IS NULL AND p.marathon_name IS NOT NULL AND p.marathon_name <> ''
        GROUP BY e.id, e.slug, p.marathon_name, p.race_date
        ORDER BY p.race_date NULLS LAST, p.marathon_name
        LIMIT 50`,
        [charityId],
      );
    return rows;
  }

  /** The charity the page names (as a member of its group), or null. */
  async charityOfPage(
    manager: EntityManager,
    profileId: string,
  ): Promise<{ charityId: string; userId: string } | null> {
    const rows: { charityId: string; userId: string }[] = await manager.query(
      `SELECT group_id AS "charityId", user_id AS "userId" FROM ${membersOf(manager)}
        WHERE group_kind = 'charity' AND profile_id = $1`,
      [profileId],
    );
    return rows[0] ?? null;
  }

  /** What the page would add to a group joining now: its copy's totals, the runner's distance and access. */
  async snapshotOfPage(manager: EntityManager, profileId: string): Promise<PageSnapshotRow | null> {
    const rows: PageSnapshotRow[] = await manager.query(
      `SELECT p.user_id AS "userId", p.funds_raised::text AS raised, p.total_donors AS donors, p.currency,
              p.totals_version::float8 AS "totalsVersion",
              coalesce(d.total_meters, 0) AS meters, coalesce(d.version, -1)::float8 AS "distanceVersion",
              a.status, a.current_period_end AS "currentPeriodEnd"
         FROM ${pagesOf(manager)} p
         LEFT JOIN ${distancesOf(manager)} d ON d.user_id = p.user_id
         LEFT JOIN ${accessOf(manager)} a ON a.user_id = p.user_id
        WHERE p.profile_id = $1 AND p.deleted_at IS NULL AND p.user_id IS NOT NULL`,
      [profileId],
    );
    return rows[0] ?? null;
  }
}

export interface PageSnapshotRow {
  userId: string;
  raised: string;
  donors: number;
  currency: string;
  totalsVersion: number;
  meters: number;
  distanceVersion: number;
  status: SubscriptionStatus | null;
  currentPeriodEnd: Date | null;
}
