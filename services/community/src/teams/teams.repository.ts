import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StandingEntity } from '../standings/standing.entity.js';
import { TeamEntity } from './team.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(TeamEntity).tablePath;
const standingsOf = (manager: EntityManager) => manager.connection.getMetadata(StandingEntity).tablePath;

const COLUMNS = `id, slug, name, story, charity_name AS "charityName", charity_id AS "charityId", marathon_name AS "marathonName",
  marathon_date::text AS "marathonDate", currency, goal_amount AS "goalAmount", join_rule AS "joinRule",
  captain_profile_id AS "captainProfileId", invite_code AS "inviteCode", created_at AS "createdAt",
  updated_at AS "updatedAt"`;

export type TeamValues = Omit<TeamEntity, 'id' | 'createdAt' | 'updatedAt'>;
export type TeamChanges = Partial<Omit<TeamValues, 'captainProfileId' | 'inviteCode'>>;

/** A team as a charity's page lists it: its address, name and what its counted members raised. */
export interface CharityTeamRow {
  slug: string;
  name: string;
  raised: string;
  currency: string;
}

/** Teams (`teams`): what their captains wrote of them; their sums are their standings. */
@Injectable()
export class TeamsRepository {
  /** The new team's id, or null when its address is taken. */
  async insertIfSlugFree(manager: EntityManager, values: TeamValues): Promise<string | null> {
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO ${tableOf(manager)} (slug, name, story, charity_name, marathon_name, marathon_date, currency,
         goal_amount, join_rule, captain_profile_id, invite_code, charity_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
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
        values.charityId,
      ],
    );
    return rows[0]?.id ?? null;
  }

  /** A team brought over with its own id (decision 0022), naming no listed charity; false when it is here already. */
  async insertImported(
    manager: EntityManager,
    team: Omit<TeamValues, 'charityId'> & { id: string; createdAt: Date },
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO ${tableOf(manager)} (id, slug, name, story, charity_name, marathon_name, marathon_date, currency,
         goal_amount, join_rule, captain_profile_id, invite_code, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        team.id,
        team.slug,
        team.name,
        team.story,
        team.charityName,
        team.marathonName,
        team.marathonDate,
        team.currency,
        team.goalAmount,
        team.joinRule,
        team.captainProfileId,
        team.inviteCode,
        team.createdAt,
      ],
    );
    return rows.length > 0;
  }

  async findById(manager: EntityManager, id: string): Promise<TeamEntity | null> {
    const rows: TeamEntity[] = await manager.query(`SELECT ${COLUMNS} FROM ${tableOf(manager)} WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async findBySlug(manager: EntityManager, slug: string): Promise<TeamEntity | null> {
    const rows: TeamEntity[] = await manager.query(`SELECT ${COLUMNS} FROM ${tableOf(manager)} WHERE slug = $1`, [
      slug,
    ]);
    return rows[0] ?? null;
  }

  /** The team's row locked until the transaction ends: hand-overs, edits and member changes take turns. */
  async lock(manager: EntityManager, id: string): Promise<TeamEntity | null> {
    const rows: TeamEntity[] = await manager.query(
      `SELECT ${COLUMNS} FROM ${tableOf(manager)} WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** A taken address fails with a unique violation. */
  async update(manager: EntityManager, id: string, changes: TeamChanges): Promise<void> {
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length === 0) return;
    await manager.update(TeamEntity, { id }, { ...set, updatedAt: new Date() });
  }

  async setCaptain(manager: EntityManager, id: string, profileId: string): Promise<void> {
    await manager.update(TeamEntity, { id }, { captainProfileId: profileId, updatedAt: new Date() });
  }

  async setInviteCode(manager: EntityManager, id: string, inviteCode: string): Promise<void> {
    await manager.update(TeamEntity, { id }, { inviteCode, updatedAt: new Date() });
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.delete(TeamEntity, { id });
  }

  /**
   * The teams naming the charity that have a published member (a team of unpublished pages shows
   * nowhere), most raised first, at most `limit`.
   */
  async namingCharity(manager: EntityManager, charityId: string, limit: number): Promise<CharityTeamRow[]> {
    return manager.query(
      `SELECT t.slug, t.name, s.raised::text AS raised, s.currency
         FROM ${tableOf(manager)} t
         JOIN ${standingsOf(manager)} s ON s.group_kind = 'team' AND s.group_id = t.id
        WHERE t.charity_id = $1 AND s.member_count > 0
        ORDER BY s.raised DESC, lower(t.name), t.id
        LIMIT $2`,
      [charityId, limit],
    );
  }

  /** How many teams with a published member name each of the charities (absent: none). */
  async countNamingCharities(manager: EntityManager, charityIds: string[]): Promise<Map<string, number>> {
    if (charityIds.length === 0) return new Map();
    const rows: { charityId: string; count: number }[] = await manager.query(
      `SELECT t.charity_id AS "charityId", count(*)::int AS count
         FROM ${tableOf(manager)} t
         JOIN ${standingsOf(manager)} s ON s.group_kind = 'team' AND s.group_id = t.id
        WHERE t.charity_id = ANY($1::uuid[]) AND s.member_count > 0
        GROUP BY t.charity_id`,
      [charityIds],
    );
    return new Map(rows.map((r) => [r.charityId, r.count]));
  }

  /** The teams this page captains (one at most in practice), in id order. */
  async captainedBy(manager: EntityManager, profileId: string): Promise<string[]> {
    const rows = await manager.find(TeamEntity, {
      select: { id: true },
      where: { captainProfileId: profileId },
      order: { id: 'ASC' },
    });
    return rows.map((r) => r.id);
  }
}
