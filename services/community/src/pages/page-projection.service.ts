import { Injectable, type OnModuleInit } from '@nestjs/common';
import { BILLING_EVENTS, FITNESS_EVENTS, IDENTITY_EVENTS, PROFILES_EVENTS, hasAccess } from '@runpledge/contracts';
import { DomainEvents, lockLiveAccount, recordDeletedAccount, type EventContext } from '@runpledge/server-kit';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { AccountEmailsRepository } from '../accounts/account-emails.repository.js';
import { CharityMembersService } from '../charities/charity-members.service.js';
import { EventMembershipService } from '../events/event-membership.service.js';
import { StandingsService } from '../standings/standings.service.js';
import { TeamsService } from '../teams/teams.service.js';
import { OwnerAccessRepository } from './owner-access.repository.js';
import { PagesRepository } from './pages.repository.js';
import { RunnerDistancesRepository } from './runner-distances.repository.js';

type Payload<T extends { schema: z.ZodType }> = z.infer<T['schema']>;

/**
 * Keeps community's copy of the pages its groups show (card, totals, the runner's distance, the
 * owner's access) from profiles', fitness's and billing's events, each part applied only when newer,
 * and moves the standings of the groups those pages are in. Never asks another service.
 */
@Injectable()
export class PageProjectionService implements OnModuleInit {
  constructor(
    private readonly pages: PagesRepository,
    private readonly distances: RunnerDistancesRepository,
    private readonly access: OwnerAccessRepository,
    private readonly standings: StandingsService,
    private readonly charityMembers: CharityMembersService,
    private readonly events: DomainEvents,
    private readonly teams: TeamsService,
    private readonly emails: AccountEmailsRepository,
    private readonly eventMembership: EventMembershipService,
  ) {}

  onModuleInit(): void {
    this.events.on(PROFILES_EVENTS.cardChanged, (payload, context) => this.cardChanged(payload, context));
    this.events.on(PROFILES_EVENTS.totalsChanged, (payload, { manager }) => this.totalsChanged(manager, payload));
    this.events.on(PROFILES_EVENTS.profileDeleted, (payload, { manager }) => this.pageDeleted(manager, payload));
    this.events.on(FITNESS_EVENTS.distanceChanged, (payload, { manager }) => this.distanceChanged(manager, payload));
    this.events.on(BILLING_EVENTS.subscriptionChanged, (payload, context) => this.accessChanged(payload, context));
    this.events.on(IDENTITY_EVENTS.userDeleted, (payload, { manager }) => this.accountDeleted(manager, payload.userId));
  }

  async cardChanged(card: Payload<typeof PROFILES_EVENTS.cardChanged>, { manager, envelope }: EventContext) {
    // A card arriving after the account's deletion keeps nothing of it.
    if (!(await lockLiveAccount(manager, card.userId))) return;
    if (!(await this.pages.applyCard(manager, card, new Date(envelope.occurredAt)))) return;
    // A card from before pages named charities says nothing of it; a newer card says which one, or none.
    if (card.createdAt !== undefined)
      await this.charityMembers.pageNamesCharity(manager, card.profileId, card.charityId ?? null);
    // The page counts in the event it names now.
    await this.eventMembership.sync(manager, card.profileId);
  }

  async totalsChanged(manager: EntityManager, totals: Payload<typeof PROFILES_EVENTS.totalsChanged>): Promise<void> {
    const stored = await this.pages.applyTotals(manager, {
      profileId: totals.profileId,
      urlSlug: totals.urlSlug,
      fundsRaised: totals.fundsRaised,
      fundraisingGoal: totals.fundraisingGoal,
      totalDonors: totals.totalDonors,
      currency: totals.fundraisingCurrency,
      totalsVersion: totals.totalsVersion,
    });
    if (!stored) return;
    await this.standings.pageTotalsChanged(manager, totals.profileId, {
      raised: totals.fundsRaised,
      donors: totals.totalDonors,
      currency: totals.fundraisingCurrency,
      totalsVersion: totals.totalsVersion,
    });
  }

  async pageDeleted(manager: EntityManager, page: Payload<typeof PROFILES_EVENTS.profileDeleted>): Promise<void> {
    // A team it captains passes to its longest-standing member, or goes (decision 14).
    await this.teams.pageLeaving(manager, page.profileId);
    await this.standings.pageDeleted(manager, page.profileId);
    await this.pages.markDeleted(manager, page.profileId, page.urlSlug);
  }

  async distanceChanged(manager: EntityManager, distance: Payload<typeof FITNESS_EVENTS.distanceChanged>) {
    // A deleted account's last event (its runs gone) keeps no copy.
    if (!(await lockLiveAccount(manager, distance.userId))) return;
    if (!(await this.distances.upsertIfNewer(manager, distance.userId, distance.totalMeters, distance.version))) return;
    await this.standings.runnerDistanceChanged(manager, distance.userId, distance.totalMeters, distance.version);
  }

  /** Events may come late or twice: the newest change wins, by when billing made it. */
  async accessChanged(change: Payload<typeof BILLING_EVENTS.subscriptionChanged>, { manager, envelope }: EventContext) {
    if (!(await lockLiveAccount(manager, change.userId))) return;
    const access = {
      userId: change.userId,
      status: change.status,
      currentPeriodEnd: change.currentPeriodEnd ? new Date(change.currentPeriodEnd) : null,
      changedAt: new Date(envelope.occurredAt),
    };
    if (!(await this.access.upsertIfNewer(manager, access))) return;
    await this.standings.ownerPublishingChanged(
      manager,
      change.userId,
      hasAccess(access.status, access.currentPeriodEnd),
    );
  }

  /** The account is gone: its pages leave their groups, and nothing naming the runner is kept. */
  async accountDeleted(manager: EntityManager, userId: string): Promise<void> {
    await recordDeletedAccount(manager, userId);
    for (const profileId of await this.pages.liveIdsOfUser(manager, userId)) {
      await this.teams.pageLeaving(manager, profileId);
      await this.standings.pageDeleted(manager, profileId);
      await this.pages.markDeleted(manager, profileId, '');
    }
    await this.distances.forget(manager, userId);
    await this.access.forget(manager, userId);
    await this.teams.accountLeaving(manager, userId);
    await this.emails.forget(manager, userId);
    await this.charityMembers.accountDeleted(manager, userId);
  }
}
