import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { PageTeamEntity } from './page-team.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(PageTeamEntity).tablePath;

export interface PageTeamPlace {
  teamId: string;
  slug: string;
  name: string;
  status: 'member' | 'pending';
  joinedAt: Date;
  isCaptain: boolean;
}

/** Each page's team as community last told it (`page_teams`). */
@Injectable()
export class PageTeamsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Stores the page's place (null: in no team) unless a newer one is there or the page is gone; the
   * page's slug when stored (its cached view changes), else null.
   */
  async applyIfNewer(
    manager: EntityManager,
    page: { profileId: string; userId: string },
    place: PageTeamPlace | null,
    changedAt: Date,
  ): Promise<string | null> {
    const table = tableOf(manager);
    const rows: { slug: string }[] = await manager.query(
      `INSERT INTO ${table} AS t (profile_id, user_id, team_id, team_slug, team_name, status, joined_at, is_captain,
         changed_at)
       SELECT p.id, $2, $3, $4, $5, $6, $7, $8, $9 FROM "profiles"."runner_profiles" p WHERE p.id = $1
       ON CONFLICT (profile_id) DO UPDATE SET team_id = EXCLUDED.team_id, team_slug = EXCLUDED.team_slug,
         team_name = EXCLUDED.team_name, status = EXCLUDED.status, joined_at = EXCLUDED.joined_at,
         is_captain = EXCLUDED.is_captain, changed_at = EXCLUDED.changed_at
         WHERE t.changed_at <= EXCLUDED.changed_at
       RETURNING (SELECT url_slug FROM "profiles"."runner_profiles" WHERE id = $1) AS slug`,
      [
        page.profileId,
        page.userId,
        place?.teamId ?? null,
        place?.slug ?? null,
        place?.name ?? null,
        place?.status ?? null,
        place?.joinedAt ?? null,
        place?.isCaptain ?? false,
        changedAt,
      ],
    );
    return rows[0]?.slug ?? null;
  }

  /** A user's teams and memberships, for their account export. */
  async exportOfUser(userId: string): Promise<Record<string, unknown>[]> {
    return this.dataSource.query(
      `SELECT t.team_slug AS "teamSlug", t.team_name AS "teamName", p.url_slug AS "pageSlug", t.status,
              t.joined_at AS "joinedAt", t.is_captain AS "isCaptain"
         FROM ${tableOf(this.dataSource.manager)} t JOIN "profiles"."runner_profiles" p ON p.id = t.profile_id
        WHERE t.user_id = $1 AND t.team_id IS NOT NULL ORDER BY t.joined_at`,
      [userId],
    );
  }
}
