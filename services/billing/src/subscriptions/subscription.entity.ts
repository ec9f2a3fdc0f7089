import type { SubscriptionStatus } from '@runpledge/contracts';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One runner's subscription as billing knows it (Stripe's or a lifetime grant). */
@Entity({ name: 'subscriptions' })
export class SubscriptionEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  status: SubscriptionStatus;

  @Column('text', { name: 'stripe_customer_id', nullable: true })
  stripeCustomerId: string | null;

  @Column('text', { name: 'stripe_subscription_id', nullable: true })
  stripeSubscriptionId: string | null;

  @Column({ name: 'trial_ends_at', type: 'timestamptz', nullable: true })
  trialEndsAt: Date | null;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
