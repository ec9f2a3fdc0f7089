import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { centsToDecimal, isNothing, type Contribution, type CurrencyContribution } from './contribution.util.js';
import type { GroupKind, GroupRef } from './group-kind.js';
import { StandingCurrencySumEntity } from './standing-currency-sum.entity.js';
import { StandingEntity } from './standing.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(StandingEntity).tablePath;
const currencyTableOf = (manager: EntityManager) => manager.connection.getMetadata(StandingCurrencySumEntity).tablePath;

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

  /** Moves the group's sums in one currency (a group counted per currency), the row made on first use. */
  async moveCurrency(manager: EntityManager, group: GroupRef, delta: CurrencyContribution): Promise<void> {
    await manager.query(
      `INSERT INTO ${currencyTableOf(manager)} AS s (group_kind, group_id, currency, raised, donors)
       VALUES ($1, $2, $3, $4::numeric, $5)
       ON CONFLICT (group_kind, group_id, currency)
         DO UPDATE SET raised = s.raised + EXCLUDED.raised, donors = s.donors + EXCLUDED.donors`,
      [group.kind, group.id, delta.currency, centsToDecimal(delta.raisedCents), delta.donors],
    );
  }

  /** Each group's sums per currency (raised > 0 or donors), currencies in order. */
  async currencySums(
    manager: EntityManager,
    kind: GroupKind,
    ids: string[],
  ): Promise<{ groupId: string; currency: string; raised: string; donors: number }[]> {
    if (ids.length === 0) return [];
    return manager.query(
      `SELECT group_id AS "groupId", currency, raised::text AS raised, donors FROM ${currencyTableOf(manager)}
        WHERE group_kind = $1 AND group_id = ANY($2::uuid[]) AND (raised <> 0 OR donors <> 0)
        ORDER BY currency`,
      [kind, ids],
    );
  }

  /** The groups' sums, by id. */
  async findMany(manager: EntityManager, kind: GroupKind, ids: string[]): Promise<StandingEntity[]> {
    if (ids.length === 0) return [];
    return manager.query(
      `SELECT group_kind AS "groupKind", group_id AS "groupId", currency, raised::text AS raised, donors,
              meters, member_count AS "memberCount"
         FROM ${tableOf(manager)} WHERE group_kind = $1 AND group_id = ANY($2::uuid[])`,
      [kind, ids],
    );
  }
}
