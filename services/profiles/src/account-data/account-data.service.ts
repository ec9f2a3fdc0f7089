import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  IDENTITY_EVENTS,
  PROFILES_EVENTS,
  type ExportCursor,
  type ExportedEncouragement,
  type ExportEncouragementsQuery,
  type ExportedPledge,
  type ExportPledgesQuery,
  type ProfileCacheInvalidation,
} from '@runpledge/contracts';
import { DomainEvents, forgetPublishedEventsOf, recordDeletedAccount } from '@runpledge/server-kit';
import type { EntityManager } from 'typeorm';
import { PageInsightsService } from '../page-insights/page-insights.service.js';
import { RunLedgerRepository } from '../pledges/run-ledger.repository.js';
import { PledgesRepository } from '../pledges/pledges.repository.js';
import { ProfileCacheNotifier } from '../profile-cache/profile-cache.notifier.js';
import { RunnerProfilesRepository } from '../runner-profiles/runner-profiles.repository.js';
import { toProfile } from '../runner-profiles/to-profile.util.js';
import { PageTeamsRepository } from '../page-teams/page-teams.repository.js';
import { AccountDataRepository } from './account-data.repository.js';

/**
 * Encouragements per page of the export: at most 100 + 1,000 characters each (up to ~6.6 kB as
 * escaped JSON), so a page stays far below NATS's 1 MB.
 */
export const EXPORT_ENCOURAGEMENTS_PAGE_SIZE = 50;
/** Pledges per page of the export: a name of 100 and a message of 500 characters at most (~2 kB each). */
export const EXPORT_PLEDGES_PAGE_SIZE = 100;

@Injectable()
export class AccountDataService implements OnModuleInit {
  constructor(
    private readonly data: AccountDataRepository,
    private readonly profiles: RunnerProfilesRepository,
    private readonly events: DomainEvents,
    private readonly cache: ProfileCacheNotifier,
    private readonly insights: PageInsightsService,
    private readonly teams: PageTeamsRepository,
    private readonly pledges: PledgesRepository,
    private readonly runLedger: RunLedgerRepository,
  ) {}

  onModuleInit(): void {
    this.events.on(IDENTITY_EVENTS.userDeleted, ({ userId }, { manager }) => this.forget(manager, userId));
  }

  /**
   * The account is gone: its pages answer 404 from now on, their addresses are held from other
   * runners, every gateway drops their cached views, and fitness and billing hear of each page as for
   * a page the runner deleted; a tombstone refuses any later write for the user. Running it twice
   * changes nothing.
   */
  async forget(manager: EntityManager, userId: string): Promise<void> {
    // First: a page write for the user waits for this transaction, then finds the tombstone.
    await recordDeletedAccount(manager, userId);
    const pages = await this.profiles.lockByUserId(manager, userId);
    await forgetPublishedEventsOf(manager, userId);
    const cacheKeys: ProfileCacheInvalidation[] = [];
    for (const page of pages) {
      // As for a page the runner deletes: its addresses are held from other runners for a while.
      const addresses = await this.profiles.deleteHoldingAddresses(manager, page);
      cacheKeys.push(...addresses.map((slug) => ({ slug, profileId: page.id })));
    }
    await this.data.deleteAllOfUser(manager, userId);
    await this.runLedger.forgetUser(manager, userId);
    for (const page of pages) {
      await this.events.record(manager, PROFILES_EVENTS.profileDeleted, {
        profileId: page.id,
        userId,
        urlSlug: page.urlSlug,
      });
    }
    if (cacheKeys.length > 0) this.cache.afterCommit(manager, cacheKeys);
  }

  /** Everything but each page's encouragements and pledges, which come in pages (exportEncouragements, exportPledges). */
  async export(userId: string): Promise<Record<string, unknown>> {
    const { account, access, pages, challenges } = await this.data.findAllOfUser(userId);
    const stats = await Promise.all(pages.map((page) => this.insights.exportOf(page.id)));
    const teams = await this.teams.exportOfUser(userId);
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
        // Owner insights: visitors' events counted per UTC day (counts only; no visitor is identifiable).
        dailyStats: stats[i],
      })),
      // The teams the pages are in (or asked to join), and whether the page captains it.
      teamMemberships: teams,
    };
  }

  /**
   * One page of the pledges per mile a page received, oldest first: names, amounts and states; never a
   * supporter's address. Only the owner's own pages are read.
   */
  async exportPledges({
    userId,
    profileId,
    after,
  }: ExportPledgesQuery): Promise<{ items: ExportedPledge[]; next: ExportCursor | null }> {
    const rows = await this.pledges.exportPageOf(userId, profileId, after, EXPORT_PLEDGES_PAGE_SIZE + 1);
    const page = rows.slice(0, EXPORT_PLEDGES_PAGE_SIZE);
    return {
      items: page.map((p) => ({
        name: p.name,
        message: p.message,
        ratePerUnit: p.ratePerUnit,
        unit: p.unit,
        currency: p.currency,
        cap: p.cap,
        counts: p.counts,
        status: p.status,
        distanceCounted: p.distanceCounted,
        earned: p.earned,
        createdAt: p.createdAt.toISOString(),
        confirmedAt: p.confirmedAt?.toISOString() ?? null,
        dueAt: p.dueAt?.toISOString() ?? null,
        paidAt: p.paidAt?.toISOString() ?? null,
      })),
      next: rows.length > EXPORT_PLEDGES_PAGE_SIZE ? { at: page.at(-1)!.cursorAt, id: page.at(-1)!.id } : null,
    };
  }

  /** One page of a page's encouragements, oldest first; only the owner's own pages are read. */
  async exportEncouragements({
    userId,
    profileId,
    after,
  }: ExportEncouragementsQuery): Promise<{ items: ExportedEncouragement[]; next: ExportCursor | null }> {
    const rows = await this.data.findEncouragementsPage(userId, profileId, after, EXPORT_ENCOURAGEMENTS_PAGE_SIZE + 1);
    const page = rows.slice(0, EXPORT_ENCOURAGEMENTS_PAGE_SIZE);
    return {
      items: page.map((e) => ({ senderName: e.senderName, message: e.message, createdAt: e.createdAt.toISOString() })),
      next: rows.length > EXPORT_ENCOURAGEMENTS_PAGE_SIZE ? { at: page.at(-1)!.cursorAt, id: page.at(-1)!.id } : null,
    };
  }
}
