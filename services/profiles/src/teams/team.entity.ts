import type { TeamJoinRule } from '@runpledge/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

const bigNumber = { to: (v: number) => v, from: (v: string | number) => Number(v) };

/** A charity's marathon team; raised, donors, meters and memberCount are kept by events, never summed on a read. */
@Entity({ name: 'teams' })
export class TeamEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text', { unique: true })
  slug: string;

  @Column('text')
  name: string;

  @Column('text')
  story: string;

  @Column('text', { name: 'charity_name' })
  charityName: string;

  @Column('text', { name: 'marathon_name' })
  marathonName: string;

  @Column('date', { name: 'marathon_date' })
  marathonDate: string;

  @Column('text')
  currency: string;

  @Column('numeric', { name: 'goal_amount', precision: 12, scale: 2 })
  goalAmount: string;

  @Column('text', { name: 'join_rule' })
  joinRule: TeamJoinRule;

  @Column('uuid', { name: 'captain_profile_id' })
  captainProfileId: string;

  /** The captain's invite code; the captain reads it back, so it is kept as is. */
  @Column('text', { name: 'invite_code' })
  inviteCode: string;

  @Column('numeric', { precision: 14, scale: 2 })
  raised: string;

  @Column('integer')
  donors: number;

  @Column('double precision', { transformer: bigNumber })
  meters: number;

  /** Members whose pages are published. */
  @Column('integer', { name: 'member_count' })
  memberCount: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
