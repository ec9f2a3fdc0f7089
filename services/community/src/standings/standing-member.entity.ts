import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { GroupKind } from './group-kind.js';

const bigNumber = { to: (v: number) => v, from: (v: string | number) => Number(v) };

/**
 * A page in a group (one group of each kind at most: kind and page are the key), with the snapshot of
 * the page's totals and its runner's distance last applied to the group's standing, each with the
 * version it came with.
 */
@Entity({ name: 'standing_members' })
@Index(['groupKind', 'groupId'])
@Index(['userId'])
export class StandingMemberEntity {
  @PrimaryColumn('text', { name: 'group_kind' })
  groupKind: GroupKind;

  @PrimaryColumn('uuid', { name: 'profile_id' })
  profileId: string;

  @Column('uuid', { name: 'group_id' })
  groupId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  status: 'member' | 'pending';

  @Column('timestamptz', { name: 'joined_at' })
  joinedAt: Date;

  @Column('boolean')
  published: boolean;

  @Column('numeric', { precision: 12, scale: 2 })
  raised: string;

  @Column('integer')
  donors: number;

  @Column('text')
  currency: string;

  @Column('bigint', { name: 'totals_version', transformer: bigNumber })
  totalsVersion: number;

  @Column('double precision', { transformer: bigNumber })
  meters: number;

  @Column('bigint', { name: 'distance_version', transformer: bigNumber })
  distanceVersion: number;
}
