import { Injectable, type OnModuleInit } from '@nestjs/common';
import { FITNESS_EVENTS, PROFILES_EVENTS } from '@runpledge/contracts';
import { DomainEvents, lockLiveAccount } from '@runpledge/server-kit';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { ProfileCacheNotifier } from '../profile-cache/profile-cache.notifier.js';
import { TeamsRepository } from './teams.repository.js';

type TotalsChanged = z.infer<typeof PROFILES_EVENTS.totalsChanged.schema>;
type DistanceChanged = z.infer<typeof FITNESS_EVENTS.distanceChanged.schema>;

/**
 * Keeps the teams' raised, donors, miles and member count current as members' pages change: their
 * totals (event), their runner's distance (fitness's event), publishing, and their deletion. Each
 * change goes through the member's snapshot, applied only when newer, so a repeated or late event
 * changes nothing.
 */
@Injectable()
export class TeamTotalsService implements OnModuleInit {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly events: DomainEvents,
    private readonly cache: ProfileCacheNotifier,
  ) {}

  onModuleInit(): void {
    this.events.on(PROFILES_EVENTS.totalsChanged, (payload, { manager }) => this.applyTotals(manager, payload));
    this.events.on(FITNESS_EVENTS.distanceChanged, (payload, { manager }) => this.applyDistance(manager, payload));
  }

  async applyTotals(manager: EntityManager, totals: TotalsChanged): Promise<void> {
    await this.teams.changeMember(manager, totals.profileId, (member) =>
      totals.totalsVersion > member.totalsVersion
        ? {
            raised: totals.fundsRaised,
            donors: totals.totalDonors,
            currency: totals.fundraisingCurrency,
            totalsVersion: totals.totalsVersion,
          }
        : null,
    );
  }

  /** All of a runner's pages share their runs: each membership takes the runner's distance. */
  async applyDistance(manager: EntityManager, distance: DistanceChanged): Promise<void> {
    // A deleted account's last event (its runs gone) finds no pages and keeps no copy.
    if (!(await lockLiveAccount(manager, distance.userId))) return;
    await this.teams.upsertDistanceIfNewer(manager, distance.userId, distance.totalMeters, distance.version);
    for (const profileId of await this.teams.memberPagesOfUser(manager, distance.userId)) {
      await this.teams.changeMember(manager, profileId, (member) =>
        distance.version > member.distanceVersion
          ? { meters: distance.totalMeters, distanceVersion: distance.version }
          : null,
      );
    }
  }

  /** The owner's access changed: their members' pages count (published) or not. */
  async publishingChanged(manager: EntityManager, userId: string, published: boolean): Promise<void> {
    for (const profileId of await this.teams.memberPagesOfUser(manager, userId)) {
      await this.teams.changeMember(manager, profileId, (member) =>
        member.published === published ? null : { published },
      );
    }
  }

  /**
   * The page is being deleted (by its owner or with the account; the caller holds its row): a team
   * it captains goes to the longest-standing remaining member, or is deleted when none is left; its
   * membership leaves the team's sums.
   */
  async pageDeleted(manager: EntityManager, profileId: string): Promise<void> {
    for (const teamId of await this.teams.teamsCaptainedBy(manager, profileId)) {
      const team = await this.teams.lockById(manager, teamId);
      if (!team || team.captainProfileId !== profileId) continue;
      const successor = await this.teams.longestStandingMember(manager, teamId, profileId);
      if (successor) {
        await this.teams.setCaptain(manager, teamId, successor);
      } else {
        const pages = await this.teams.delete(manager, teamId);
        this.cache.afterCommit(
          manager,
          pages.map((p) => ({ slug: p.urlSlug, profileId: p.id })),
        );
      }
    }
    await this.teams.removeMember(manager, profileId);
  }

  /** The account is gone: its distance copy too. */
  async accountDeleted(manager: EntityManager, userId: string): Promise<void> {
    await this.teams.forgetDistance(manager, userId);
    await this.teams.forgetRequestMails(manager, userId);
  }
}
