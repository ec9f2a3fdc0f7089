import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { GroupKind } from './group-kind.js';

/** A group's sums in one currency, for the kinds counted per currency (an event: each page in its own). */
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
}
