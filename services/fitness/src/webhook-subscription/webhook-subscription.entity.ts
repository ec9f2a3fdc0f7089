import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * The push subscription Strava gave this app (one per app): its id is in every genuine event, so an
 * event carrying another id (or none) is not Strava's and is refused.
 */
@Entity({ name: 'strava_webhook_subscriptions' })
export class WebhookSubscriptionEntity {
  @PrimaryColumn('bigint', {
    name: 'subscription_id',
    transformer: { to: (v: number) => v, from: (v: string) => Number(v) },
  })
  subscriptionId: number;

  @Column('text', { name: 'callback_url' })
  callbackUrl: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
