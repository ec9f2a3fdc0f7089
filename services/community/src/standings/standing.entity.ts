import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { GroupKind } from './group-kind.js';

const bigNumber = { to: (v: number) => v, from: (v: string | number) => Number(v) };

/**
 * The sums of one group (a team, a charity, an event): raised in the group's currency, donors, meters
 * and counted members, moved by each member's change, never summed on a read.
 */
@Entity({ name: 'standings' })
export class StandingEntity {
  @PrimaryColumn('text', { name: 'group_kind' })
  groupKind: GroupKind;

  @PrimaryColumn('uuid', { name: 'group_id' })
  groupId: string;

  @Column('text')
  currency: string;

  @Column('numeric', { precision: 14, scale: 2 })
  raised: string;

  @Column('integer')
  donors: number;

  @Column('double precision', { transformer: bigNumber })
  meters: number;

  /** Members whose pages are published. */
  @Column('integer', { name: 'member_count' })
  memberCount: number;
}
