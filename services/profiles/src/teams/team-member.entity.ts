import type { TeamMemberStatus } from '@runpledge/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

const bigNumber = { to: (v: number) => v, from: (v: string | number) => Number(v) };

/**
 * A page in a team (one team at most: the page is the key). Holds the snapshot of the page's totals
 * and its runner's distance last applied to the team, each with the version it came with.
 */
@Entity({ name: 'team_members' })
export class TeamMemberEntity {
  @PrimaryColumn('uuid', { name: 'runner_profile_id' })
  runnerProfileId: string;

  @Column('uuid', { name: 'team_id' })
  teamId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  status: TeamMemberStatus;

  @Column('timestamptz', { name: 'requested_at' })
  requestedAt: Date;

  /** When the page became a member (approval time for a request). */
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

  @Column('timestamptz', { name: 'digest_mailed_at', nullable: true })
  digestMailedAt: Date | null;
}
