import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A supporter's choice of a challenge; at most one per exclusive challenge (partial unique index). */
@Entity({ name: 'challenge_claims' })
export class ChallengeClaimEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'challenge_id' })
  challengeId: string;

  @Column('uuid', { name: 'runner_profile_id' })
  runnerProfileId: string;

  @Column('boolean')
  exclusive: boolean;

  @Column('text')
  name: string;

  @Column('text', { nullable: true })
  message: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** When the owner's digest mail told of it; null until then. */
  @Column('timestamptz', { name: 'mailed_at', nullable: true })
  mailedAt: Date | null;

  /** SHA-256 of the token of this claim's release link in the owner's mail. */
  @Column('text', { name: 'release_token_hash', nullable: true, select: false })
  releaseTokenHash: string | null;
}
