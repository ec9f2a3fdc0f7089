import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { centsToDecimal, isNothing, type Contribution } from './contribution.util.js';
import type { GroupRef } from './group-kind.js';
import { StandingCurrencySumEntity } from './standing-currency-sum.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(StandingCurrencySumEntity).tablePath;

export interface CurrencySum {
  currency: string;
  raised: string;
  donors: number;
  memberCount: number;
}

/** Per-currency sums (`standing_currency_sums`) of groups raising in several currencies, moved under the group's lock. */
@Injectable()
export class StandingCurrencySumsRepository {
  async move(manager: EntityManager, group: GroupRef, currency: string, delta: Contribution): Promise<void> {
    if (isNothing(delta)) return;
    await manager.query(
      `INSERT INTO ${tableOf(manager)} (group_kind, group_id, currency, raised, donors, member_count)
       VALUES ($1, $2, $3, $4::numeric, $5, $6)
       ON CONFLICT (group_kind, group_id, currency) DO UPDATE
         SET raised = ${tableOf(manager)}.raised + EXCLUDED.raised, donors = ${tableOf(manager)}.donors + EXCLUDED.donors,
             member_count = ${tableOf(manager)}.member_count + EXCLUDED.member_count`,
      [group.kind, group.id, currency, centsToDecimal(delta.raisedCents), delta.donors, delta.members],
    );
  }

  /** The group's currencies that anything was ever raised in or any runner counted in, largest first. */
  async ofGroups(manager: EntityManager, kind: GroupRef['kind'], ids: string[]): Promise<Map<string, CurrencySum[]>> {
    const result = new Map<string, CurrencySum[]>();
    if (ids.length === 0) return result;
    const rows: (CurrencySum & { groupId: string })[] = await manager.query(
      `SELECT group_id AS "groupId", currency, raised::text AS raised, donors, member_count AS "memberCount"
         FROM ${tableOf(manager)} s
        WHERE s.group_kind = $1 AND s.group_id = ANY($2::uuid[]) AND (s.member_count > 0 OR s.raised <> 0)
        ORDER BY s.raised DESC, s.currency`,
      [kind, ids],
    );
    for (const { groupId, ...sum } of rows) result.set(groupId, [...(result.get(groupId) ?? []), sum]);
    return result;
  }
}
