import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Who redeemed which lifetime code; a runner redeems a code once. */
@Entity({ name: 'lifetime_code_redemptions' })
export class LifetimeCodeRedemptionEntity {
  @PrimaryColumn('text')
  code: string;

  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @CreateDateColumn({ name: 'redeemed_at', type: 'timestamptz' })
  redeemedAt: Date;
}
