import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A Stripe event already handled: Stripe repeats deliveries, each is acted on once. */
@Entity({ name: 'processed_stripe_events' })
export class ProcessedStripeEventEntity {
  @PrimaryColumn('text', { name: 'event_id' })
  eventId: string;

  @Column('text')
  type: string;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt: Date;
}
