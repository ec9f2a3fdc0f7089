// Community's copy of the pages and the standings of the groups they are in, fed only by profiles',
// fitness's, billing's and identity's events through JetStream: each part applied once and only
// when newer, whatever order or how often the events come.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import type { INestMicroservice } from '@nestjs/common';
import { BILLING_EVENTS, FITNESS_EVENTS, IDENTITY_EVENTS, PROFILES_EVENTS } from '@runpledge/contracts';
import { bootstrapService, eventSubject } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { eventually, natsRequester } from '../../../scripts/jest/helpers.mjs';
import type { GroupRef } from '../src/standings/group-kind.js';
import type { StandingsService } from '../src/standings/standings.service.js';

describe("community's copy of the pages and its groups' standings", () => {
  let service: INestMicroservice;
  let standings: StandingsService;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let db: pg.Client;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    Object.assign(process.env, { REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'rp:'}${randomUUID().slice(0, 8)}:` });
    const { AppModule } = await import('../src/app.module.js');
    const { StandingsService } = await import('../src/standings/standings.service.js');
    service = await bootstrapService('community', AppModule);
    standings = service.get(StandingsService);
    nats = await natsRequester();
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await nats?.close();
    await service?.close();
    process.env = savedEnv;
  });

  /** Publishes an event as its service's outbox relay does; `occurredAt` may be set to make it late. */
  const announce = async (type: string, payload: unknown, occurredAt = new Date()) => {
    const id = randomUUID();
    const envelope = { id, type, occurredAt: occurredAt.toISOString(), payload };
    await jetstream(nats.nc).publish(eventSubject(type), JSON.stringify(envelope), { msgID: id });
    return envelope;
  };
  const pageRow = async (profileId: string) =>
    (
      await db.query(
        `SELECT user_id, url_slug, name, funds_raised, total_donors, currency, totals_version::int, deleted_at
           FROM community.pages WHERE profile_id = $1`,
        [profileId],
      )
    ).rows[0];
  const sums = async (group: GroupRef) =>
    (
      await db.query(
        `SELECT raised, donors, meters, member_count FROM community.standings WHERE group_kind = $1 AND group_id = $2`,
        [group.kind, group.id],
      )
    ).rows[0];
  const totals = (profileId: string, fundsRaised: string, totalDonors: number, totalsVersion: number) => ({
    profileId,
    urlSlug: `p-${profileId.slice(0, 8)}`,
    fundsRaised,
    fundraisingGoal: '1000.00',
    totalDonors,
    fundraisingCurrency: 'USD',
    totalsSource: 'manual',
    totalsVersion,
  });
  /** A group of `kind` with the page as a published member at version 1 of its totals and distance. */
  const groupWith = async (kind: GroupRef['kind'], profileId: string, userId: string): Promise<GroupRef> => {
    const group = { kind, id: randomUUID() };
    await service.get(DataSource).transaction(async (manager) => {
      await standings.open(manager, group, 'USD');
      await standings.join(manager, group, {
        profileId,
        userId,
        status: 'member',
        joinedAt: new Date(),
        published: true,
        raised: '10.00',
        donors: 1,
        currency: 'USD',
        totalsVersion: 1,
        meters: 1000,
        distanceVersion: 1,
      });
    });
    return group;
  };
  const newPage = () => ({ profileId: randomUUID(), userId: randomUUID() });

  it("keeps a page's card, and a late older card does not undo a newer one", async () => {
    const { profileId, userId } = newPage();
    const newer = new Date();
    await announce(PROFILES_EVENTS.cardChanged.type, { profileId, userId, urlSlug: 'jo-runs', name: 'Jo' }, newer);
    await eventually(async () => expect(await pageRow(profileId)).toMatchObject({ name: 'Jo', user_id: userId }));
    await announce(
      PROFILES_EVENTS.cardChanged.type,
      { profileId, userId, urlSlug: 'jo-old', name: 'Old name' },
      new Date(newer.getTime() - 60_000),
    );
    // A later card of another page on the same consumer proves the late one was handled.
    const marker = newPage();
    await announce(PROFILES_EVENTS.cardChanged.type, { ...marker, urlSlug: 'marker', name: 'Marker' });
    await eventually(async () => expect(await pageRow(marker.profileId)).toBeDefined());
    expect(await pageRow(profileId)).toMatchObject({ name: 'Jo', url_slug: 'jo-runs' });
  });

  it("keeps a page's race, platform, charity and event from its card; a card from before them keeps what is there", async () => {
    const { profileId, userId } = newPage();
    const charityId = randomUUID();
    const eventId = randomUUID();
    const full = {
      profileId,
      userId,
      urlSlug: 'race-card',
      name: 'Race Card',
      marathonName: 'Chicago Marathon',
      marathonDate: '2031-10-12',
      platform: 'justgiving',
      charityId,
      eventId,
      createdAt: '2031-01-02T03:04:05.000Z',
    };
    const raceRow = async () =>
      (
        await db.query(
          `SELECT name, marathon_name, to_char(race_date, 'YYYY-MM-DD') AS race_date, platform, charity_id, event_id,
                  page_created_at FROM community.pages WHERE profile_id = $1`,
          [profileId],
        )
      ).rows[0];
    await announce(PROFILES_EVENTS.cardChanged.type, full);
    await eventually(async () =>
      expect(await raceRow()).toMatchObject({
        marathon_name: 'Chicago Marathon',
        race_date: '2031-10-12',
        platform: 'justgiving',
        charity_id: charityId,
        event_id: eventId,
        page_created_at: new Date(full.createdAt),
      }),
    );
    // The pages naming a charity or running an event are found by it.
    expect((await db.query(`SELECT profile_id FROM community.pages WHERE charity_id = $1`, [charityId])).rows).toEqual([
      { profile_id: profileId },
    ]);
    // A newer card of the old shape renames the page and leaves its race as it was.
    await announce(PROFILES_EVENTS.cardChanged.type, { profileId, userId, urlSlug: 'race-card', name: 'Renamed' });
    await eventually(async () => expect(await raceRow()).toMatchObject({ name: 'Renamed', charity_id: charityId }));
    // A newer full card that leaves the charity clears it.
    await announce(PROFILES_EVENTS.cardChanged.type, { ...full, name: 'Left', charityId: null });
    await eventually(async () =>
      expect(await raceRow()).toMatchObject({ name: 'Left', charity_id: null, event_id: eventId }),
    );
  });

  it("takes a new page's first totals (version 0) whether its card came first or not", async () => {
    const cardFirst = newPage();
    await announce(PROFILES_EVENTS.cardChanged.type, { ...cardFirst, urlSlug: 'card-first', name: 'Card First' });
    await eventually(async () => expect(await pageRow(cardFirst.profileId)).toBeDefined());
    await announce(PROFILES_EVENTS.totalsChanged.type, totals(cardFirst.profileId, '42.00', 2, 0));
    await eventually(async () =>
      expect(await pageRow(cardFirst.profileId)).toMatchObject({ funds_raised: '42.00', totals_version: 0 }),
    );
    const totalsFirst = newPage();
    await announce(PROFILES_EVENTS.totalsChanged.type, totals(totalsFirst.profileId, '7.00', 1, 0));
    await eventually(async () => expect(await pageRow(totalsFirst.profileId)).toMatchObject({ funds_raised: '7.00' }));
    await announce(PROFILES_EVENTS.cardChanged.type, { ...totalsFirst, urlSlug: 'totals-first', name: 'Totals First' });
    await eventually(async () =>
      expect(await pageRow(totalsFirst.profileId)).toMatchObject({ name: 'Totals First', funds_raised: '7.00' }),
    );
  });

  it('moves every group of a page by its newer totals once, ignoring repeats and older versions', async () => {
    const { profileId, userId } = newPage();
    const team = await groupWith('team', profileId, userId);
    const charity = await groupWith('charity', profileId, userId);
    const v3 = await announce(PROFILES_EVENTS.totalsChanged.type, totals(profileId, '75.50', 4, 3));
    await eventually(async () => expect(await sums(team)).toMatchObject({ raised: '75.50', donors: 4 }));
    // The same event again (a redelivery with a new message id) and an older version, then a marker.
    await announce(PROFILES_EVENTS.totalsChanged.type, v3.payload);
    await announce(PROFILES_EVENTS.totalsChanged.type, totals(profileId, '20.00', 2, 2));
    const marker = newPage();
    await announce(PROFILES_EVENTS.totalsChanged.type, totals(marker.profileId, '1.00', 1, 1));
    await eventually(async () => expect(await pageRow(marker.profileId)).toBeDefined());
    for (const group of [team, charity]) expect(await sums(group)).toMatchObject({ raised: '75.50', donors: 4 });
    expect(await pageRow(profileId)).toMatchObject({ funds_raised: '75.50', totals_version: 3 });
  });

  it("gives the runner's distance to each of their pages' groups, only when newer", async () => {
    const a = newPage();
    const b = { profileId: randomUUID(), userId: a.userId };
    const team = await groupWith('team', a.profileId, a.userId);
    const event = await groupWith('event', b.profileId, b.userId);
    await announce(FITNESS_EVENTS.distanceChanged.type, { userId: a.userId, totalMeters: 42_195, version: 5 });
    await eventually(async () => expect(await sums(team)).toMatchObject({ meters: 42_195 }));
    expect(await sums(event)).toMatchObject({ meters: 42_195 });
    await announce(FITNESS_EVENTS.distanceChanged.type, { userId: a.userId, totalMeters: 10, version: 4 });
    const marker = newPage();
    await announce(FITNESS_EVENTS.distanceChanged.type, { userId: marker.userId, totalMeters: 1, version: 1 });
    await eventually(async () =>
      expect(
        (await db.query('SELECT 1 FROM community.runner_distances WHERE user_id = $1', [marker.userId])).rowCount,
      ).toBe(1),
    );
    expect(await sums(team)).toMatchObject({ meters: 42_195 });
  });

  it("counts a page only while its owner has access, the newest of billing's changes winning", async () => {
    const { profileId, userId } = newPage();
    const team = await groupWith('team', profileId, userId);
    const canceledAt = new Date();
    await announce(
      BILLING_EVENTS.subscriptionChanged.type,
      { userId, status: 'canceled', currentPeriodEnd: null },
      canceledAt,
    );
    await eventually(async () => expect(await sums(team)).toMatchObject({ member_count: 0, raised: '0.00' }));
    // An older "active" arriving late leaves the page out.
    await announce(
      BILLING_EVENTS.subscriptionChanged.type,
      { userId, status: 'active', currentPeriodEnd: null },
      new Date(canceledAt.getTime() - 60_000),
    );
    await announce(BILLING_EVENTS.subscriptionChanged.type, { userId, status: 'lifetime', currentPeriodEnd: null });
    await eventually(async () => expect(await sums(team)).toMatchObject({ member_count: 1, raised: '10.00' }));
  });

  it('takes a deleted page out of its groups and keeps it deleted against late events', async () => {
    const { profileId, userId } = newPage();
    const team = await groupWith('team', profileId, userId);
    await announce(PROFILES_EVENTS.profileDeleted.type, { profileId, userId, urlSlug: 'gone' });
    await eventually(async () => expect(await sums(team)).toMatchObject({ member_count: 0, donors: 0, meters: 0 }));
    await announce(PROFILES_EVENTS.totalsChanged.type, totals(profileId, '99.00', 9, 9));
    await announce(PROFILES_EVENTS.cardChanged.type, { profileId, userId, urlSlug: 'back', name: 'Back' });
    const marker = newPage();
    await announce(PROFILES_EVENTS.cardChanged.type, { ...marker, urlSlug: 'marker-2', name: 'Marker' });
    await announce(PROFILES_EVENTS.totalsChanged.type, totals(marker.profileId, '1.00', 1, 1));
    await eventually(async () =>
      expect(await pageRow(marker.profileId)).toMatchObject({ totals_version: 1, name: 'Marker' }),
    );
    expect(await pageRow(profileId)).toMatchObject({ name: null, funds_raised: '0.00', deleted_at: expect.any(Date) });
  });

  it("forgets a deleted account's pages, distance and access, and takes nothing of it afterwards", async () => {
    const { profileId, userId } = newPage();
    await announce(PROFILES_EVENTS.cardChanged.type, { profileId, userId, urlSlug: 'leaving', name: 'Leaving' });
    await eventually(async () => expect(await pageRow(profileId)).toMatchObject({ name: 'Leaving' }));
    const team = await groupWith('team', profileId, userId);
    await announce(IDENTITY_EVENTS.userDeleted.type, { userId, deletedAt: new Date().toISOString() });
    await eventually(async () => expect(await pageRow(profileId)).toMatchObject({ name: null, user_id: null }));
    expect(await sums(team)).toMatchObject({ member_count: 0 });
    await announce(FITNESS_EVENTS.distanceChanged.type, { userId, totalMeters: 5, version: 9 });
    await announce(BILLING_EVENTS.subscriptionChanged.type, { userId, status: 'active', currentPeriodEnd: null });
    const marker = newPage();
    await announce(FITNESS_EVENTS.distanceChanged.type, { userId: marker.userId, totalMeters: 1, version: 1 });
    await announce(BILLING_EVENTS.subscriptionChanged.type, {
      userId: marker.userId,
      status: 'active',
      currentPeriodEnd: null,
    });
    await eventually(async () =>
      expect(
        (await db.query('SELECT 1 FROM community.owner_access WHERE user_id = $1', [marker.userId])).rowCount,
      ).toBe(1),
    );
    await eventually(async () =>
      expect(
        (await db.query('SELECT 1 FROM community.runner_distances WHERE user_id = $1', [marker.userId])).rowCount,
      ).toBe(1),
    );
    for (const table of ['runner_distances', 'owner_access'])
      expect((await db.query(`SELECT 1 FROM community.${table} WHERE user_id = $1`, [userId])).rowCount).toBe(0);
  });
});
