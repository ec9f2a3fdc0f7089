import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { SubscriptionEntity } from './subscription.entity.js';

@Injectable()
export class SubscriptionsRepository {
  constructor(@InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>) {}

  findByUserId(userId: string): Promise<SubscriptionEntity | null> {
    return this.subscriptions.findOneBy({ userId });
  }
}
