import { Injectable } from '@nestjs/common';
import { DomainEvents } from '@runpledge/server-kit';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { LifetimeCodesRepository } from './lifetime-codes.repository.js';
import { normalizeLifetimeCode } from './lifetime-code.util.js';

@Injectable()
export class LifetimeCodesService {
  constructor(
    private readonly codes: LifetimeCodesRepository,
    private readonly subscriptions: SubscriptionsService,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Grants lifetime access for a valid code, all in one transaction: one use taken, the redemption
   * recorded, the subscription changed. False when the code is unknown, expired or used up.
   */
  async redeem(userId: string, typedCode: string): Promise<boolean> {
    const code = normalizeLifetimeCode(typedCode);
    const replaced = await this.events.transaction(async (manager) => {
      if (!(await this.codes.takeOneUse(manager, code))) return { granted: false, subscriptionId: null };
      // A second press by the same runner must not spend a second use.
      if (!(await this.codes.recordRedemption(manager, code, userId))) await this.codes.giveBackOneUse(manager, code);
      return { granted: true, subscriptionId: await this.subscriptions.grantLifetime(manager, userId) };
    });
    if (replaced.subscriptionId) await this.subscriptions.cancelReplacedSubscription(userId, replaced.subscriptionId);
    return replaced.granted;
  }
}
