import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A code that grants lifetime access without Stripe; stored upper-case, matched case-insensitively. */
@Entity({ name: 'lifetime_codes' })
export class LifetimeCodeEntity {
  @PrimaryColumn('text')
  code: string;

  /** Null: unlimited. */
  @Column('int', { name: 'max_redemptions', nullable: true })
  maxRedemptions: number | null;

  @Column('int', { name: 'redemption_count', default: 0 })
  redemptionCount: number;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
