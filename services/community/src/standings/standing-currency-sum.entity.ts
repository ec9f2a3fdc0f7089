import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { GroupKind } from './group-kind.js';

/**
 * The sums of a group that raises in several currencies (a charity), one row per currency: what its
 * counted members raise in that currency, their donors and how many they are. Nothing converts currencies.
 */
@Entity({ name: 'standing_currency_sums' })
export class StandingCurrencySumEntity {
  @PrimaryColumn('text', { name: 'group_kind' })
  groupKind: GroupKind;

  @PrimaryColumn('uuid', { name: 'group_id' })
  groupId: string;

  @PrimaryColumn('text')
  currency: string;

  @Column('numeric', { precision: 14, scale: 2 })
  raised: string;

  @Column('integer')
  donors: number;

  @Column('integer', { name: 'member_count' })
  memberCount: number;
}
