import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { centsToDecimal, isNothing, type Contribution } from './contribution.util.js';
import type { GroupRef } from './group-kind.js';
import { StandingMemberEntity } from './standing-member.entity.js';
import { StandingEntity } from './standing.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(StandingEntity).tablePath;

/** The groups' sums (`standings`): one row per group, moved by members' deltas under its row lock. */
@Injectable()
export class StandingsRepository {
  async insert(manager: EntityManager, group: GroupRef, currency: string): Promise<void> {
    await manager.query(
      `INSERT INTO ${tableOf(manager)} (group_kind, group_id, currency, raised, donors, meters, member_count)
       VALUES ($1, $2, $3, 0, 0, 0, 0)`,
      [group.kind, group.id, currency],
    );
  }

  /** The group's currency, its row locked until the transaction ends (its members' changes take turns); null when gone. */
  async lockCurrency(manager: EntityManager, group: GroupRef): Promise<string | null> {
    const rows: { currency: string }[] = await manager.query(
      `SELECT currency FROM ${tableOf(manager)} WHERE group_kind = $1 AND group_id = $2 FOR UPDATE`,
      [group.kind, group.id],
    );
    return rows[0]?.currency ?? null;
  }

  async move(manager: EntityManager, group: GroupRef, delta: Contribution): Promise<void> {
    if (isNothing(delta)) return;
    await manager.query(
      `UPDATE ${tableOf(manager)} SET raised = raised + $3::numeric, donors = donors + $4,
         meters = greatest(meters + $5, 0), member_count = member_count + $6
       WHERE group_kind = $1 AND group_id = $2`,
      [group.kind, group.id, centsToDecimal(delta.raisedCents), delta.donors, delta.meters, delta.members],
    );
  }

  /** The group's sums as they stand; null when gone. */
  async find(manager: EntityManager, group: GroupRef): Promise<StandingEntity | null> {
    return manager.findOne(StandingEntity, { where: { groupKind: group.kind, groupId: group.id } });
  }

  /** Sets the group's currency; raised becomes what its counted members raised in it (the row is held). */
  async recountRaised(manager: EntityManager, group: GroupRef, currency: string): Promise<void> {
    const members = manager.connection.getMetadata(StandingMemberEntity).tablePath;
    await manager.query(
      `UPDATE ${tableOf(manager)} s SET currency = $3, raised = coalesce((SELECT sum(m.raised) FROM ${members} m
         WHERE m.group_kind = s.group_kind AND m.group_id = s.group_id AND m.status = 'member' AND m.published
           AND m.currency = $3), 0)
       WHERE s.group_kind = $1 AND s.group_id = $2`,
      [group.kind, group.id, currency],
    );
  }

  /** Deletes the group's standing; its members' snapshots go with it (foreign key). */
  async delete(manager: EntityManager, group: GroupRef): Promise<void> {
    await manager.delete(StandingEntity, { groupKind: group.kind, groupId: group.id });
  }

  /** The sums of the groups of a kind, by id (absent: no standing). */
  async ofGroups(manager: EntityManager, kind: GroupRef['kind'], ids: string[]): Promise<Map<string, StandingEntity>> {
    if (ids.length === 0) return new Map();
    const rows: StandingEntity[] = await manager.query(
      `SELECT group_kind AS "groupKind", group_id AS "groupId", currency, raised::text AS raised, donors,
         meters, member_count AS "memberCount"
         FROM ${tableOf(manager)} WHERE group_kind = $1 AND group_id = ANY($2::uuid[])`,
      [kind, ids],
    );
    return new Map(rows.map((row) => [row.groupId, row]));
  }
}
