import { beforeEach, describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { contributionOf, type Contribution } from './contribution.util.js';
import { PER_CURRENCY, type GroupKind, type GroupRef } from './group-kind.js';
import type { StandingCurrencySumsRepository } from './standing-currency-sums.repository.js';
import type { MemberRow, StandingMembersRepository } from './standing-members.repository.js';
import type { StandingsRepository } from './standings.repository.js';
import { StandingsService } from './standings.service.js';

interface Sums {
  currency: string;
  raisedCents: number;
  donors: number;
  meters: number;
  members: number;
}

/** The two tables in memory: what the service asks of its repositories, nothing more. */
function inMemory() {
  const groups = new Map<string, Sums>();
  const members = new Map<string, MemberRow>();
  const groupKey = (g: GroupRef) => `${g.kind}:${g.id}`;
  const memberKey = (kind: GroupKind, profileId: string) => `${kind}:${profileId}`;
  const standings = {
    insert: async (_m: EntityManager, group: GroupRef, currency: string) => {
      groups.set(groupKey(group), { currency, raisedCents: 0, donors: 0, meters: 0, members: 0 });
    },
    lockCurrency: async (_m: EntityManager, group: GroupRef) => groups.get(groupKey(group))?.currency ?? null,
    move: async (
      _m: EntityManager,
      group: GroupRef,
      d: { raisedCents: number; donors: number; meters: number; members: number },
    ) => {
      const sums = groups.get(groupKey(group))!;
      sums.raisedCents += d.raisedCents;
      sums.donors += d.donors;
      sums.meters += d.meters;
      sums.members += d.members;
    },
  } as unknown as StandingsRepository;
  const repo = {
    insert: async (_m: EntityManager, row: MemberRow) => {
      if (members.has(memberKey(row.groupKind, row.profileId))) throw new Error('unique violation');
      members.set(memberKey(row.groupKind, row.profileId), { ...row });
    },
    find: async (_m: EntityManager, kind: GroupKind, profileId: string) =>
      members.get(memberKey(kind, profileId)) ?? null,
    lock: async (_m: EntityManager, group: GroupRef, profileId: string) => {
      const row = members.get(memberKey(group.kind, profileId));
      return row && row.groupId === group.id ? { ...row } : null;
    },
    update: async (_m: EntityManager, row: MemberRow) => {
      members.set(memberKey(row.groupKind, row.profileId), { ...row });
    },
    delete: async (_m: EntityManager, kind: GroupKind, profileId: string) => {
      members.delete(memberKey(kind, profileId));
    },
    membershipsOfPage: async (_m: EntityManager, profileId: string) =>
      [...members.values()]
        .filter((m) => m.profileId === profileId)
        .map(({ groupKind, groupId }) => ({ groupKind, groupId, profileId })),
    largestMetersOfOthers: async (_m: EntityManager, group: GroupRef, userId: string, profileId: string) => {
      const others = [...members.values()].filter(
        (m) =>
          m.groupKind === group.kind &&
          m.groupId === group.id &&
          m.userId === userId &&
          m.profileId !== profileId &&
          m.status === 'member' &&
          m.published,
      );
      return others.length === 0 ? null : Math.max(...others.map((m) => m.meters));
    },
    membershipsOfUser: async (_m: EntityManager, userId: string) =>
      [...members.values()]
        .filter((m) => m.userId === userId)
        .map(({ groupKind, groupId, profileId }) => ({ groupKind, groupId, profileId })),
  } as unknown as StandingMembersRepository;
  const perCurrency = new Map<string, { raisedCents: number; donors: number; members: number }>();
  const currencySums = {
    move: async (_m: EntityManager, group: GroupRef, currency: string, d: Contribution) => {
      const key = `${groupKey(group)}:${currency}`;
      const row = perCurrency.get(key) ?? { raisedCents: 0, donors: 0, members: 0 };
      perCurrency.set(key, {
        raisedCents: row.raisedCents + d.raisedCents,
        donors: row.donors + d.donors,
        members: row.members + d.members,
      });
    },
  } as unknown as StandingCurrencySumsRepository;
  return {
    service: new StandingsService(standings, repo, currencySums),
    groups,
    members,
    perCurrency: (g: GroupRef, currency: string) =>
      perCurrency.get(`${groupKey(g)}:${currency}`) ?? { raisedCents: 0, donors: 0, members: 0 },
    sums: (g: GroupRef) => groups.get(groupKey(g))!,
  };
}

const manager = {} as EntityManager;
const team: GroupRef = { kind: 'team', id: 't1' };
const charity: GroupRef = { kind: 'charity', id: 'c1' };
const member = (profileId: string, userId: string, extra: Partial<MemberRow> = {}) => ({
  profileId,
  userId,
  status: 'member' as const,
  joinedAt: new Date(0),
  published: true,
  raised: '100.00',
  donors: 2,
  currency: 'USD',
  totalsVersion: 3,
  meters: 5000,
  distanceVersion: 7,
  ...extra,
});

describe('standings of a group, kept by versioned member snapshots', () => {
  let s: ReturnType<typeof inMemory>;

  beforeEach(async () => {
    s = inMemory();
    await s.service.open(manager, team, 'USD');
    await s.service.open(manager, charity, 'USD');
  });

  it('adds a member by what it counts, and a page may be in one group of each kind at once', async () => {
    await s.service.join(manager, team, member('p1', 'u1'));
    await s.service.join(manager, charity, member('p1', 'u1'));
    expect(s.sums(team)).toEqual({ currency: 'USD', raisedCents: 10000, donors: 2, meters: 5000, members: 1 });
    expect(s.sums(charity)).toEqual(s.sums(team));
    await expect(s.service.join(manager, { kind: 'team', id: 't2' }, member('p1', 'u1'))).rejects.toThrow();
  });

  it('applies newer totals to every group of the page, and a repeated or older version changes nothing', async () => {
    await s.service.join(manager, team, member('p1', 'u1'));
    await s.service.join(manager, charity, member('p1', 'u1'));
    await s.service.pageTotalsChanged(manager, 'p1', {
      raised: '150.25',
      donors: 4,
      currency: 'USD',
      totalsVersion: 5,
    });
    await s.service.pageTotalsChanged(manager, 'p1', {
      raised: '150.25',
      donors: 4,
      currency: 'USD',
      totalsVersion: 5,
    });
    await s.service.pageTotalsChanged(manager, 'p1', {
      raised: '120.00',
      donors: 3,
      currency: 'USD',
      totalsVersion: 4,
    });
    for (const group of [team, charity]) expect(s.sums(group)).toMatchObject({ raisedCents: 15025, donors: 4 });
  });

  it('counts raised only in the group currency, donors and miles whatever the currency', async () => {
    await s.service.join(manager, team, member('p1', 'u1'));
    await s.service.pageTotalsChanged(manager, 'p1', { raised: '80.00', donors: 3, currency: 'GBP', totalsVersion: 4 });
    expect(s.sums(team)).toMatchObject({ raisedCents: 0, donors: 3, members: 1 });
  });

  it("gives each of a runner's pages the runner's distance once, only when newer", async () => {
    await s.service.join(manager, team, member('p1', 'u1'));
    await s.service.join(manager, charity, member('p2', 'u1'));
    await s.service.runnerDistanceChanged(manager, 'u1', 8000, 9);
    await s.service.runnerDistanceChanged(manager, 'u1', 1000, 8);
    expect(s.sums(team).meters).toBe(8000);
    expect(s.sums(charity).meters).toBe(8000);
  });

  it('takes an unpublished owner out of the sums and puts them back when published again', async () => {
    await s.service.join(manager, team, member('p1', 'u1'));
    await s.service.join(manager, team, member('p2', 'u2', { raised: '10.00' }));
    await s.service.ownerPublishingChanged(manager, 'u1', false);
    expect(s.sums(team)).toMatchObject({ raisedCents: 1000, donors: 2, meters: 5000, members: 1 });
    await s.service.ownerPublishingChanged(manager, 'u1', false);
    expect(s.sums(team).members).toBe(1);
    await s.service.ownerPublishingChanged(manager, 'u1', true);
    expect(s.sums(team)).toMatchObject({ raisedCents: 11000, donors: 4, meters: 10000, members: 2 });
  });

  it("counts a runner's miles once in a group however many of their pages are in it", async () => {
    await s.service.join(manager, team, member('p1', 'u1'));
    await s.service.join(manager, team, member('p2', 'u1', { meters: 3000 }));
    expect(s.sums(team)).toMatchObject({ meters: 5000, members: 2 });
    await s.service.leave(manager, 'team', 'p1');
    expect(s.sums(team)).toMatchObject({ meters: 3000, members: 1 });
  });

  it('counts a pending request for nothing until approved', async () => {
    await s.service.join(manager, team, member('p1', 'u1', { status: 'pending' }));
    expect(s.sums(team).members).toBe(0);
    await s.service.change(manager, 'team', 'p1', () => ({ status: 'member' }));
    expect(s.sums(team)).toMatchObject({ raisedCents: 10000, members: 1 });
  });

  it('takes a deleted page out of every group, back to zero', async () => {
    await s.service.join(manager, team, member('p1', 'u1'));
    await s.service.join(manager, charity, member('p1', 'u1'));
    await s.service.pageDeleted(manager, 'p1');
    for (const group of [team, charity])
      expect(s.sums(group)).toEqual({ currency: 'USD', raisedCents: 0, donors: 0, meters: 0, members: 0 });
    expect(s.members.size).toBe(0);
  });

  it('keeps the sums equal to the members summed, whatever order the changes come in', async () => {
    await s.service.join(manager, team, member('p1', 'u1'));
    await s.service.join(manager, team, member('p2', 'u2'));
    const changes = [
      () =>
        s.service.pageTotalsChanged(manager, 'p1', { raised: '1.10', donors: 1, currency: 'USD', totalsVersion: 9 }),
      () =>
        s.service.pageTotalsChanged(manager, 'p1', { raised: '5.55', donors: 5, currency: 'USD', totalsVersion: 6 }),
      () => s.service.runnerDistanceChanged(manager, 'u2', 42, 10),
      () => s.service.ownerPublishingChanged(manager, 'u2', false),
      () => s.service.ownerPublishingChanged(manager, 'u2', true),
    ];
    for (const change of changes.reverse()) await change();
    const summed = [...s.members.values()]
      .map((m) => contributionOf(m, 'USD'))
      .reduce((a, c) => ({
        raisedCents: a.raisedCents + c.raisedCents,
        donors: a.donors + c.donors,
        meters: a.meters + c.meters,
        members: a.members + c.members,
      }));
    expect(s.sums(team)).toEqual({ currency: 'USD', ...summed });
    expect(s.members.get('team:p1')).toMatchObject({ raised: '1.10', totalsVersion: 9 });
  });

  it('keeps a group raising in several currencies per currency, a page moving its money when its currency changes', async () => {
    const multi: GroupRef = { kind: 'charity', id: 'c2' };
    await s.service.open(manager, multi, PER_CURRENCY);
    await s.service.join(manager, multi, member('p1', 'u1'));
    await s.service.join(manager, multi, member('p2', 'u2', { raised: '40.00', donors: 1, currency: 'GBP' }));
    expect(s.perCurrency(multi, 'USD')).toEqual({ raisedCents: 10000, donors: 2, members: 1 });
    expect(s.perCurrency(multi, 'GBP')).toEqual({ raisedCents: 4000, donors: 1, members: 1 });
    expect(s.sums(multi)).toMatchObject({ raisedCents: 0, donors: 3, members: 2 });
    await s.service.pageTotalsChanged(manager, 'p1', {
      raised: '120.00',
      donors: 3,
      currency: 'GBP',
      totalsVersion: 4,
    });
    await s.service.pageTotalsChanged(manager, 'p1', { raised: '90.00', donors: 2, currency: 'USD', totalsVersion: 3 });
    expect(s.perCurrency(multi, 'USD')).toEqual({ raisedCents: 0, donors: 0, members: 0 });
    expect(s.perCurrency(multi, 'GBP')).toEqual({ raisedCents: 16000, donors: 4, members: 2 });
    await s.service.ownerPublishingChanged(manager, 'u2', false);
    expect(s.perCurrency(multi, 'GBP')).toEqual({ raisedCents: 12000, donors: 3, members: 1 });
    await s.service.leave(manager, 'charity', 'p1');
    expect(s.perCurrency(multi, 'GBP')).toEqual({ raisedCents: 0, donors: 0, members: 0 });
    expect(s.sums(multi)).toMatchObject({ raisedCents: 0, donors: 0, members: 0 });
  });
});
