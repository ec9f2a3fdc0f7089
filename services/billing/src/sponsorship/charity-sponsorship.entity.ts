import type { SubscriptionStatus } from '@runpledge/contracts';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A charity's runner places: its Stripe subscription, how many places it pays for, and until when. */
@Entity({ name: 'charity_sponsorships' })
export class CharitySponsorshipEntity {
  @PrimaryColumn('uuid', { name: 'charity_id' })
  charityId: string;

  @Column('text')
  status: SubscriptionStatus;

  @Column('integer')
  seats: number;

  @Column('text', { name: 'stripe_customer_id', nullable: true })
  stripeCustomerId: string | null;

  @Column('text', { name: 'stripe_subscription_id', nullable: true })
  stripeSubscriptionId: string | null;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd: Date | null;

  /** When the places end, known ahead: the charity cancelled at period end. */
  @Column({ name: 'ends_at', type: 'timestamptz', nullable: true })
  endsAt: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
