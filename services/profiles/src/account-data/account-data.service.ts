import { Injectable, type OnModuleInit } from '@nestjs/common';
import { IDENTITY_EVENTS, PROFILES_EVENTS } from '@runpledge/contracts';
import { DomainEvents, forgetPublishedEventsOf, recordDeletedAccount } from '@runpledge/server-kit';
import type { EntityManager } from 'typeorm';
import { PageInsightsService } from '../page-insights/page-insights.service.js';
import { ProfileCacheNotifier } from '../profile-cache/profile-cache.notifier.js';
import { RunnerProfilesRepository } from '../runner-profiles/runner-profiles.repository.js';
import { cacheKeyOf, toProfile } from '../runner-profiles/to-profile.util.js';
import { AccountDataRepository } from './account-data.repository.js';

@Injectable()
export class AccountDataService implements OnModuleInit {
  constructor(
    private readonly data: AccountDataRepository,
    private readonly profiles: RunnerProfilesRepository,
    private readonly events: DomainEvents,
    private readonly cache: ProfileCacheNotifier,
    private readonly insights: PageInsightsService,
  ) {}

  onModuleInit(): void {
    this.events.on(IDENTITY_EVENTS.userDeleted, ({ userId }, { manager }) => this.forget(manager, userId));
  }

  /**
   * The account is gone: its pages answer 404 from now on, every gateway drops their cached views,
   * and fitness and billing hear of each page as for a page the runner deleted; a tombstone refuses
   * any later write for the user. Running it twice changes nothing.
   */
  async forget(manager: EntityManager, userId: string): Promise<void> {
    // First: a page write for the user waits for this transaction, then finds the tombstone.
    await recordDeletedAccount(manager, userId);
    const pages = await this.profiles.listSlugsByUserId(manager, userId);
    await forgetPublishedEventsOf(manager, userId);
    await this.data.deleteAllOfUser(manager, userId);
    for (const page of pages) {
      await this.events.record(manager, PROFILES_EVENTS.profileDeleted, {
        profileId: page.id,
        userId,
        urlSlug: page.urlSlug,
      });
    }
    if (pages.length > 0) this.cache.afterCommit(manager, pages.map(cacheKeyOf));
  }

  async export(userId: string): Promise<Record<string, unknown>> {
    const { account, access, pages, challenges, encouragements } = await this.data.findAllOfUser(userId);
    const stats = await Promise.all(pages.map((page) => this.insights.exportOf(page.id)));
    return {
      account: account && {
        email: account.email,
        registeredAt: account.registeredAt.toISOString(),
        verifiedAt: account.verifiedAt?.toISOString() ?? null,
      },
      pageAccess: access && {
        status: access.status,
        currentPeriodEnd: access.currentPeriodEnd?.toISOString() ?? null,
      },
      pages: pages.map((page, i) => ({
        ...toProfile(
          page,
          challenges.filter((c) => c.runnerProfileId === page.id),
        ),
        encouragements: encouragements
          .filter((e) => e.runnerProfileId === page.id)
          .map((e) => ({ senderName: e.senderName, message: e.message, createdAt: e.createdAt.toISOString() })),
        // Owner insights: visitors' events counted per UTC day (counts only; no visitor is identifiable).
        dailyStats: stats[i],
      })),
    };
  }
}
