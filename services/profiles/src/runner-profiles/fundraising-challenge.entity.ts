import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

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
}
