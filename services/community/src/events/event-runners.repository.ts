import { Injectable } from '@nestjs/common';
import type { EventRanking, EventRunner } from '@runpledge/contracts';
import type { EntityManager } from 'typeorm';
import { PageEntity } from '../pages/page.entity.js';
import { StandingMemberEntity } from '../standings/standing-member.entity.js';

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
}
