import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SubscriptionStatus } from '@runpledge/contracts';
import { OwnerAccessEntity } from '../pages/owner-access.entity.js';
import { PageEntity } from '../pages/page.entity.js';
import { RunnerDistanceEntity } from '../pages/runner-distance.entity.js';
import { StandingMemberEntity } from '../standings/standing-member.entity.js';

const pagesOf = (manager: EntityManager) => manager.connection.getMetadata(PageEntity).tablePath;
const accessOf = (manager: EntityManager) => manager.connection.getMetadata(OwnerAccessEntity).tablePath;
const distancesOf = (manager: EntityManager) => manager.connection.getMetadata(RunnerDistanceEntity).tablePath;
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
}

const ORDER = {
  raised: `m.raised DESC`,
  miles: `m.meters DESC`,
  percent: `CASE WHEN p.fundraising_goal > 0 THEN m.raised / p.fundraising_goal ELSE 0 END DESC`,
} as const;

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
