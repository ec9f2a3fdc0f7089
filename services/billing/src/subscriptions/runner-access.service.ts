import { Injectable } from '@nestjs/common';
import { BILLING_EVENTS, type SubscriptionStatus } from '@runpledge/contracts';
import { DomainEvents } from '@runpledge/server-kit';
import type { EntityManager } from 'typeorm';
import { SponsorshipRepository } from '../sponsorship/sponsorship.repository.js';
import { SubscriptionEntity } from './subscription.entity.js';

/** What `billing.subscription.changed` tells profiles and community: the runner's access. */
export interface RunnerAccessState {
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
}

/** A runner's own subscription that gives access whatever a charity does. */
const OWN_ACCESS: ReadonlySet<SubscriptionStatus> = new Set(['trialing', 'active', 'lifetime']);

/**
 * A runner's access, as the access events say it: their own trial, subscription or lifetime grant,
 * else a live runner place a charity gave them (its subscription's status and period), else their
 * own state. Read and recorded in the caller's transaction, which holds the runner's row lock.
 */
@Injectable()
export class RunnerAccess {
  constructor(
    private readonly sponsorships: SponsorshipRepository,
    private readonly events: DomainEvents,
  ) {}

  async current(manager: EntityManager, userId: string): Promise<RunnerAccessState> {
    const own = await manager.findOneBy(SubscriptionEntity, { userId });
    const ownState: RunnerAccessState = {
      status: own?.status ?? 'none',
      currentPeriodEnd: own?.currentPeriodEnd ?? null,
    };
    if (OWN_ACCESS.has(ownState.status)) return ownState;
    return (await this.sponsorships.sponsorOf(manager, userId)) ?? ownState;
  }

  /** Whether a charity's live runner place gives the runner access now. */
  sponsored(userId: string): Promise<boolean> {
    return this.sponsorships.isSponsored(userId);
  }

  /** Records the access event when the runner's access is no longer `before`. */
  async recordIfChanged(manager: EntityManager, userId: string, before: RunnerAccessState): Promise<void> {
    const after = await this.current(manager, userId);
    if (after.status === before.status && time(after.currentPeriodEnd) === time(before.currentPeriodEnd)) return;
    await this.events.record(manager, BILLING_EVENTS.subscriptionChanged, {
      userId,
      status: after.status,
      currentPeriodEnd: after.currentPeriodEnd?.toISOString() ?? null,
    });
  }
}

function time(date: Date | null): number | null {
  return date?.getTime() ?? null;
}
