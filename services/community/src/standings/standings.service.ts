import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  contributionOf,
  difference,
  NO_CONTRIBUTION,
  runnerMetersDelta,
  sum,
  type Contribution,
} from './contribution.util.js';
import { PER_CURRENCY, type GroupKind, type GroupRef } from './group-kind.js';
import { StandingCurrencySumsRepository } from './standing-currency-sums.repository.js';
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
    private readonly currencySums: StandingCurrencySumsRepository,
  ) {}

  /**
   * Moves the group (its row held) by what the member adds after the change less what it added before
   * (either null: joining or leaving), its runner's meters once for all their pages in the group
   * (runnerMetersDelta); a group raising in several currencies (`PER_CURRENCY`) also moves the sums
   * of the currency the member raised in before and of the one it raises in now.
   */
  private async moveGroup(
    manager: EntityManager,
    group: GroupRef,
    currency: string,
    before: MemberRow | null,
    after: MemberRow | null,
  ): Promise<void> {
    // Its page's money and count as they are, its runner's meters once for all their pages in the group.
    const member = (after ?? before)!;
    const old = contributionOf(before, currency);
    const next = contributionOf(after, currency);
    const others = await this.members.largestMetersOfOthers(manager, group, member.userId, member.profileId);
    await this.standings.move(manager, group, {
      ...difference(old, next),
      meters: runnerMetersDelta(others, old, next),
    });
    if (currency !== PER_CURRENCY) return;
    // What leaves the old currency, then what comes to the new one (the same currency: new − old).
    const moves = new Map<string, Contribution>();
    if (before) moves.set(before.currency, difference(contributionOf(before, before.currency), NO_CONTRIBUTION));
    if (after) {
      const leaving = moves.get(after.currency) ?? NO_CONTRIBUTION;
      moves.set(after.currency, sum(leaving, contributionOf(after, after.currency)));
    }
    // One currency at a time, in order, so two changes of one group take the rows' locks in one order.
    for (const key of [...moves.keys()].sort()) {
      await this.currencySums.move(manager, group, key, moves.get(key)!);
    }
  }

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
    await this.moveGroup(manager, group, currency, null, row);
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
    await this.moveGroup(manager, group, currency, current, next);
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
    await this.moveGroup(manager, group, currency, removed, null);
    return removed;
  }

  /** The group's currency changed: raised is what its counted members raised in the new one. */
  async changeCurrency(manager: EntityManager, group: GroupRef, currency: string): Promise<void> {
    await this.standings.lockCurrency(manager, group);
    await this.standings.recountRaised(manager, group, currency);
  }

  /** The group is gone, its members' snapshots with it. */
  async close(manager: EntityManager, group: GroupRef): Promise<void> {
    await this.standings.delete(manager, group);
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
