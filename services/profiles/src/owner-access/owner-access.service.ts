import { Injectable, type OnModuleInit } from '@nestjs/common';
import { BILLING_EVENTS } from '@runpledge/contracts';
import { DomainEvents, lockLiveAccount, type EventContext } from '@runpledge/server-kit';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { ProfileCacheNotifier } from '../profile-cache/profile-cache.notifier.js';
import { RunnerProfilesRepository } from '../runner-profiles/runner-profiles.repository.js';
import { cacheKeyOf } from '../runner-profiles/to-profile.util.js';
import { OwnerAccessRepository } from './owner-access.repository.js';

type SubscriptionChanged = z.infer<typeof BILLING_EVENTS.subscriptionChanged.schema>;

/** Keeps each owner's access as billing reports it; whether their pages are published follows from it. */
@Injectable()
export class OwnerAccessService implements OnModuleInit {
  constructor(
    private readonly access: OwnerAccessRepository,
    private readonly profiles: RunnerProfilesRepository,
    private readonly events: DomainEvents,
    private readonly cache: ProfileCacheNotifier,
  ) {}

  onModuleInit(): void {
    this.events.on(BILLING_EVENTS.subscriptionChanged, (payload, context) => this.record(payload, context));
  }

  /** Events may come late or twice: the newest change wins, by when billing made it. */
  async record(change: SubscriptionChanged, { manager, envelope }: EventContext): Promise<void> {
    // A change arriving after the account's deletion gives a deleted account no page access.
    if (!(await lockLiveAccount(manager, change.userId))) return;
    const access = {
      userId: change.userId,
      status: change.status,
      currentPeriodEnd: change.currentPeriodEnd ? new Date(change.currentPeriodEnd) : null,
      changedAt: new Date(envelope.occurredAt),
    };
    const stored = await this.access.upsertIfNewer(manager, access);
    if (!stored) return;
    // Published or not from now on: the owner's pages' cached views change.
    await this.dropPageViews(manager, change.userId);
  }

  private async dropPageViews(manager: EntityManager, userId: string): Promise<void> {
    const pages = await this.profiles.listSlugsByUserId(manager, userId);
    this.cache.afterCommit(manager, pages.map(cacheKeyOf));
  }
}
