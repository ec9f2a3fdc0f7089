import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { WebhookSubscriptionEntity } from './webhook-subscription.entity.js';

@Injectable()
export class WebhookSubscriptionRepository {
  constructor(
    @InjectRepository(WebhookSubscriptionEntity) private readonly rows: Repository<WebhookSubscriptionEntity>,
  ) {}

  /** Our subscription's id, or null when Strava has not given us one yet. */
  async current(): Promise<number | null> {
    const [row] = await this.rows.find({ order: { createdAt: 'DESC' }, take: 1 });
    return row?.subscriptionId ?? null;
  }

  /** Strava keeps one subscription per app: the new id replaces whatever was stored. */
  async replace(subscriptionId: number, callbackUrl: string): Promise<void> {
    await this.rows.manager.transaction(async (manager) => {
      await manager.createQueryBuilder().delete().from(WebhookSubscriptionEntity).execute();
      await manager.insert(WebhookSubscriptionEntity, { subscriptionId, callbackUrl });
    });
  }
}
