import type { SubscriptionStatus } from '@runpledge/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Billing's latest word on a runner's subscription (`billing.subscription.changed`): whether their pages are live. */
@Entity({ name: 'owner_access' })
export class OwnerAccessEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  status: SubscriptionStatus;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd: Date | null;

  /** When billing made the change: an older event arriving late never overwrites a newer one. */
  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt: Date;
}
