import { Injectable } from '@nestjs/common';
import { hasAccess, type SubscriptionCheck } from '@runpledge/contracts';
import { SubscriptionsRepository } from './subscriptions.repository.js';

@Injectable()
export class SubscriptionsService {
  constructor(private readonly subscriptions: SubscriptionsRepository) {}

  async check(userId: string): Promise<SubscriptionCheck> {
    const sub = await this.subscriptions.findByUserId(userId);
    if (!sub) {
      return { status: 'none', hasAccess: false, lifetimeAccess: false, trialEndsAt: null, currentPeriodEnd: null };
    }
    return {
      status: sub.status,
      hasAccess: hasAccess(sub.status, sub.currentPeriodEnd),
      lifetimeAccess: sub.status === 'lifetime',
      trialEndsAt: sub.trialEndsAt?.toISOString() ?? null,
      currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
    };
  }
}
