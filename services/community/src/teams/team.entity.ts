import type { TeamJoinRule } from '@runpledge/contracts';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A team of runners' pages: what its captain wrote of it. Its sums are its standing (kind 'team'). */
@Entity({ name: 'teams' })
@Index(['captainProfileId'])
@Index('teams_charity_idx', ['charityId'], { where: 'charity_id IS NOT NULL' })
export class TeamEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text', { unique: true })
  slug: string;

  @Column('text')
  name: string;

  @Column('text', { default: '' })
  story: string;

  @Column('text', { name: 'charity_name' })
  charityName: string;

  /** The listed charity the team names (its name is then `charityName`); null: none, or not listed. */
  @Column('uuid', { name: 'charity_id', nullable: true })
  charityId: string | null;

  @Column('text', { name: 'marathon_name' })
  marathonName: string;

  @Column('date', { name: 'marathon_date' })
  marathonDate: string;

  @Column('text')
  currency: string;

  @Column('numeric', { name: 'goal_amount', precision: 12, scale: 2, default: 0 })
  goalAmount: string;

  @Column('text', { name: 'join_rule' })
  joinRule: TeamJoinRule;

  /** A page of community's copy (pages), a member of the team. */
  @Column('uuid', { name: 'captain_profile_id' })
  captainProfileId: string;

  @Column('text', { name: 'invite_code' })
  inviteCode: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt: Date;
}
