import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { contributionOf, currencyContributionOf, currencyDifference, difference } from './contribution.util.js';
import { COUNTED_PER_CURRENCY, type GroupKind, type GroupRef } from './group-kind.js';
import { StandingMembersRepository, type MemberRow } from './standing-members.repository.js';
import { StandingsRepository } from './standings.repository.js';

/** The snapshot fields a source (an event or a membership change) may set on a member. */
export type MemberPatch = Partial<
  Pick<
    MemberRow,
    | 'status'
    | 'published'
    | 'raised'
    | 'donors'
    | 'currency'
    | 'totalsVersion'
    | 'meters'
    | 'distanceVersion'
    | 'joinedAt'
  >
>;

/** A page's totals as profiles told them, with their version. */
export interface PageTotals {
  raised: string;
  donors: number;
  currency: string;
  totalsVersion: number;
}

/**
 * One standings mechanism for every kind of group (decision 13): each member keeps a snapshot of what
 * it last added, each source applied only when its version is newer, and the group's sums move by
 * new − old under the group's row lock. Locks are taken group, then member, and groups in one order.
 */
@Injectable()
export class StandingsService {
  constructor(
    private readonly standings: StandingsRepository,
    private readonly members: StandingMembersRepository,
  ) {}

  /** A new group's standing, empty, in its currency. */
  async open(manager: EntityManager, group: GroupRef, currency: string): Promise<void> {
    await this.standings.insert(manager, group, currency);
  }

  /** Adds the page to the group and the group's sums by what it adds (a page already in a group of the kind: unique violation). */
  async join(manager: EntityManager, group: GroupRef, member: Omit<MemberRow, 'groupKind' | 'groupId'>): Promise<void> {
    const currency = await this.standings.lockCurrency(manager, group);
    if (currency === null) throw new Error(`no standing for ${group.kind} ${group.id}`);
    const row: MemberRow = { ...member, groupKind: group.kind, groupId: group.id };
    await this.members.insert(manager, row);
    await this.shift(manager, group, currency, null, row);
  }

  /**
   * Changes one member's snapshot and moves its group by new − old. `patch` sees the locked row and
   * answers the changes (null: none, e.g. an event older than the snapshot). Answers the row after
   * the change, null when the page is in no group of the kind.
   */
  async change(
    manager: EntityManager,
    kind: GroupKind,
    profileId: string,
    patch: (current: MemberRow) => MemberPatch | null,
  ): Promise<MemberRow | null> {
    const found = await this.members.find(manager, kind, profileId);
    if (!found) return null;
    const group = { kind, id: found.groupId };
    const currency = await this.standings.lockCurrency(manager, group);
    if (currency === null) return null;
    const current = await this.members.lock(manager, group, profileId);
    // It moved to another group (or left) between the read and the lock: again, from the new one.
    if (!current) return this.change(manager, kind, profileId, patch);
    const changes = patch(current);
    if (!changes || Object.keys(changes).length === 0) return current;
    const next: MemberRow = { ...current, ...changes };
    await this.members.update(manager, next);
    await this.shift(manager, group, currency, current, next);
    return next;
  }

  /** Takes the page out of its group of this kind, the group's sums with it; the row it was, or null. */
  async leave(manager: EntityManager, kind: GroupKind, profileId: string): Promise<MemberRow | null> {
    const found = await this.members.find(manager, kind, profileId);
    if (!found) return null;
    const group = { kind, id: found.groupId };
    const currency = await this.standings.lockCurrency(manager, group);
    const removed = await this.members.lock(manager, group, profileId);
    if (!removed || currency === null) return null;
    await this.members.delete(manager, kind, profileId);
    await this.shift(manager, group, currency, removed, null);
    return removed;
  }

  /**
   * Moves the group's sums from what `before` added to what `after` adds (under the group's lock);
   * a group kind counted per currency (events) also moves its sums in each member's own currency.
   */
  private async shift(
    manager: EntityManager,
    group: GroupRef,
    currency: string,
    before: MemberRow | null,
    after: MemberRow | null,
  ): Promise<void> {
    await this.standings.move(
      manager,
      group,
      difference(contributionOf(before, currency), contributionOf(after, currency)),
    );
    if (!COUNTED_PER_CURRENCY.has(group.kind)) return;
    for (const delta of currencyDifference(currencyContributionOf(before), currencyContributionOf(after)))
      await this.standings.moveCurrency(manager, group, delta);
  }

  /** The page's totals changed: every group it is in takes them, when newer than its snapshot. */
  async pageTotalsChanged(manager: EntityManager, profileId: string, totals: PageTotals): Promise<void> {
    for (const { groupKind } of await this.members.membershipsOfPage(manager, profileId)) {
      await this.change(manager, groupKind, profileId, (member) =>
        totals.totalsVersion > member.totalsVersion
          ? {
              raised: totals.raised,
              donors: totals.donors,
              currency: totals.currency,
              totalsVersion: totals.totalsVersion,
            }
          : null,
      );
    }
  }

  /** All of a runner's pages share their runs: each of their memberships takes the distance, when newer. */
  async runnerDistanceChanged(manager: EntityManager, userId: string, meters: number, version: number): Promise<void> {
    for (const { groupKind, profileId } of await this.members.membershipsOfUser(manager, userId)) {
      await this.change(manager, groupKind, profileId, (member) =>
        version > member.distanceVersion ? { meters, distanceVersion: version } : null,
      );
    }
  }

  /** The owner's access changed: their pages count in their groups (published) or not. */
  async ownerPublishingChanged(manager: EntityManager, userId: string, published: boolean): Promise<void> {
    for (const { groupKind, profileId } of await this.members.membershipsOfUser(manager, userId)) {
      await this.change(manager, groupKind, profileId, (member) =>
        member.published === published ? null : { published },
      );
    }
  }

  /** The page is gone: it leaves every group it was in. */
  async pageDeleted(manager: EntityManager, profileId: string): Promise<void> {
    for (const { groupKind } of await this.members.membershipsOfPage(manager, profileId)) {
      await this.leave(manager, groupKind, profileId);
    }
  }
}
