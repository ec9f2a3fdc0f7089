import { Injectable } from '@nestjs/common';
import type { EventCharity, EventRanking, EventRunner, EventTeam } from '@runpledge/contracts';
import type { EntityManager } from 'typeorm';
import { CharityEntity } from '../charities/charity.entity.js';
import { PageEntity } from '../pages/page.entity.js';
import { StandingMemberEntity } from '../standings/standing-member.entity.js';
import { TeamEntity } from '../teams/team.entity.js';

const METERS_PER_MILE = 1609.344;

const ORDER: Record<EventRanking, string> = {
  raised: `m.raised DESC`,
  miles: `m.meters DESC`,
  percent: `CASE WHEN p.fundraising_goal > 0 THEN m.raised / p.fundraising_goal ELSE 0 END DESC, m.raised DESC`,
};

export interface RankedRunnersQuery {
  by: EventRanking;
  /** Part of the runner's name, any case. */
  nameLike?: string;
  offset: number;
  limit: number;
}

/**
 * The event's counted runners (`e`: published pages, as their event snapshots say) who are also
 * counted members of a group of `kind` (`g`: a team not just asked to join, a charity their page names),
 * with that group's id as `g.group_id`.
 */
function runnersInGroups(manager: EntityManager, kind: 'team' | 'charity'): { from: string; where: string } {
  const members = manager.connection.getMetadata(StandingMemberEntity).tablePath;
  const pages = manager.connection.getMetadata(PageEntity).tablePath;
  return {
    from: `${members} e
      JOIN ${pages} p ON p.profile_id = e.profile_id AND p.deleted_at IS NULL AND p.name IS NOT NULL
      JOIN ${members} g ON g.group_kind = '${kind}' AND g.profile_id = e.profile_id AND g.status = 'member'
        AND g.published`,
    where: `e.group_kind = 'event' AND e.status = 'member' AND e.published`,
  };
}

/** An event's runners: its counted members (published pages) with their pages' names and goals. */
@Injectable()
export class EventRunnersRepository {
  async ranked(
    manager: EntityManager,
    eventId: string,
    query: RankedRunnersQuery,
  ): Promise<{ runners: EventRunner[]; count: number }> {
    const members = manager.connection.getMetadata(StandingMemberEntity).tablePath;
    const pages = manager.connection.getMetadata(PageEntity).tablePath;
    const params: unknown[] = [eventId];
    let where = `m.group_kind = 'event' AND m.group_id = $1 AND m.status = 'member' AND m.published
      AND p.deleted_at IS NULL AND p.name IS NOT NULL`;
    if (query.nameLike) {
      params.push(`%${query.nameLike.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where += ` AND p.name ILIKE $${params.length}`;
    }
    const from = `${members} m JOIN ${pages} p ON p.profile_id = m.profile_id`;
    const [rows, counted] = await Promise.all([
      manager.query(
        `SELECT m.profile_id AS "runnerProfileId", p.url_slug AS "pageSlug", p.name, m.raised::text AS raised,
                m.currency, m.donors, m.meters, p.fundraising_goal::float8 AS goal
           FROM ${from} WHERE ${where}
          ORDER BY ${ORDER[query.by]}, p.name, m.profile_id
          OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
        [...params, query.offset, query.limit],
      ) as Promise<(Omit<EventRunner, 'miles' | 'percentOfGoal'> & { meters: number; goal: number })[]>,
      manager.query(`SELECT count(*)::int AS count FROM ${from} WHERE ${where}`, params) as Promise<
        { count: number }[]
      >,
    ]);
    return {
      runners: rows.map(({ meters, goal, ...runner }) => ({
        ...runner,
        miles: Math.round((Number(meters) / METERS_PER_MILE) * 100) / 100,
        percentOfGoal: goal > 0 ? Math.round((Number(runner.raised) / goal) * 1000) / 10 : 0,
      })),
      count: counted[0]?.count ?? 0,
    };
  }

  /**
   * The teams of the event's published runners, with what those runners raised for it (in the team's
   * currency: a page in another adds its donors, not its money), most raised first, at most `limit`.
   */
  async teams(manager: EntityManager, eventId: string, limit: number): Promise<EventTeam[]> {
    const teams = manager.connection.getMetadata(TeamEntity).tablePath;
    const { from, where } = runnersInGroups(manager, 'team');
    return manager.query(
      `SELECT t.slug, t.name, t.currency,
              coalesce(sum(e.raised) FILTER (WHERE e.currency = t.currency), 0)::numeric(14, 2)::text AS raised,
              sum(e.donors)::int AS donors, count(*)::int AS "runnerCount"
         FROM ${from} JOIN ${teams} t ON t.id = g.group_id
        WHERE ${where} AND e.group_id = $1
        GROUP BY t.id
        ORDER BY coalesce(sum(e.raised) FILTER (WHERE e.currency = t.currency), 0) DESC, count(*) DESC,
                 lower(t.name), t.id
        LIMIT $2`,
      [eventId, limit],
    );
  }

  /**
   * The charities the event's published runners name, with what those runners raised for it per
   * currency (largest first), most runners first, at most `limit`.
   */
  async charities(manager: EntityManager, eventId: string, limit: number): Promise<EventCharity[]> {
    const charities = manager.connection.getMetadata(CharityEntity).tablePath;
    const { from, where } = runnersInGroups(manager, 'charity');
    const rows: {
      id: string;
      slug: string;
      name: string;
      runnerCount: number;
      currency: string;
      raised: string;
      donors: number;
    }[] = await manager.query(
      `WITH runner AS (
         SELECT g.group_id AS charity_id, e.currency, e.raised, e.donors
           FROM ${from} WHERE ${where} AND e.group_id = $1
       ), top AS (
         SELECT c.id, c.slug, c.name, count(*)::int AS runner_count
           FROM runner r JOIN ${charities} c ON c.id = r.charity_id
          GROUP BY c.id
          ORDER BY runner_count DESC, lower(c.name), c.id
          LIMIT $2
       )
       SELECT top.id, top.slug, top.name, top.runner_count AS "runnerCount", r.currency,
              sum(r.raised)::numeric(14, 2)::text AS raised, sum(r.donors)::int AS donors
         FROM top JOIN runner r ON r.charity_id = top.id
        GROUP BY top.id, top.slug, top.name, top.runner_count, r.currency
        ORDER BY top.runner_count DESC, lower(top.name), top.id, sum(r.raised) DESC, r.currency`,
      [eventId, limit],
    );
    const byId = new Map<string, EventCharity>();
    for (const { id, slug, name, runnerCount, currency, raised, donors } of rows) {
      const charity = byId.get(id) ?? { slug, name, totals: [], runnerCount };
      charity.totals.push({ currency, raised, donors });
      byId.set(id, charity);
    }
    return [...byId.values()];
  }

  /** How many teams the published runners of each event are in (absent: none). */
  async teamCounts(manager: EntityManager, eventIds: string[]): Promise<Map<string, number>> {
    if (eventIds.length === 0) return new Map();
    const { from, where } = runnersInGroups(manager, 'team');
    const rows: { eventId: string; count: number }[] = await manager.query(
      `SELECT e.group_id AS "eventId", count(DISTINCT g.group_id)::int AS count
         FROM ${from} WHERE ${where} AND e.group_id = ANY($1::uuid[])
        GROUP BY e.group_id`,
      [eventIds],
    );
    return new Map(rows.map((r) => [r.eventId, r.count]));
  }
}
