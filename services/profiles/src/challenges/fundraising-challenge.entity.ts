import { Column, Entity, PrimaryGeneratedColumn, VirtualColumn } from 'typeorm';

@Entity({ name: 'fundraising_challenges' })
export class FundraisingChallengeEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'runner_profile_id' })
  runnerProfileId: string;

  /** numeric(10,2); every amount fits a JS number exactly to the cent. */
  @Column('numeric', {
    precision: 10,
    scale: 2,
    transformer: { to: (value: number) => value, from: (value: string) => Number(value) },
  })
  amount: number;

  @Column('text')
  description: string;

  @Column('boolean', { name: 'is_exclusive' })
  isExclusive: boolean;

  /** Order on the page, 0 first; gaps are fine. */
  @Column('integer')
  position: number;

  /** The first claimer's name (shown for an exclusive challenge); read with every challenge, never written. */
  @VirtualColumn({
    type: 'text',
    query: (alias) =>
      `SELECT cc.name FROM "profiles"."challenge_claims" cc WHERE cc.challenge_id = ${alias}.id ORDER BY cc.created_at, cc.id LIMIT 1`,
  })
  claimedBy?: string | null;

  @VirtualColumn({
    type: 'integer',
    query: (alias) => `SELECT count(*)::int FROM "profiles"."challenge_claims" cc WHERE cc.challenge_id = ${alias}.id`,
  })
  claimCount?: number;
}
