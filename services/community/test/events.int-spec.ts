// The events directory over NATS: the same race typed differently lands on one event, a race
// already run is refused for a new page, the directory lists soonest first with search, an
// event's sums move per currency through the standings, once each, and its page lists the teams and
// charities of its published runners with what those runners raised.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { jetstream } from '@nats-io/jetstream';
import {
  BILLING_EVENTS,
  CHARITIES,
  COMMUNITY,
  PROFILES_EVENTS,
  TEAMS,
  type Charity,
  type EventPageResponse,
  type TeamResponse,
} from '@runpledge/contracts';
import { bootstrapService, eventSubject } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { eventually, natsRequester } from '../../../scripts/jest/helpers.mjs';
import type { StandingsService } from '../src/standings/standings.service.js';

/** A date `days` from today (UTC), as YYYY-MM-DD. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the events directory', () => {
  let service: INestMicroservice;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let db: pg.Client;
  let standings: StandingsService;
  let dataSource: DataSource;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    Object.assign(process.env, { REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'rp:'}${randomUUID().slice(0, 8)}:` });
    const { AppModule } = await import('../src/app.module.js');
    const { StandingsService } = await import('../src/standings/standings.service.js');
    service = await bootstrapService('community', AppModule);
    standings = service.get(StandingsService);
    dataSource = service.get(DataSource);
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

  type Resolved = {
    response?: { event: { id: string; slug: string; name: string; date: string; timeZone: string } };
    err?: { message: string; code: string };
  };
  const resolve = async (command: Record<string, unknown>) =>
    (await nats.request(COMMUNITY.events.resolve, { forNewPage: true, ...command })) as Resolved;

  it('lands the same race typed differently on one event, and another city on another', async () => {
    const date = inDays(200);
    const first = await resolve({ name: 'TCS London Marathon', date, timeZone: 'Europe/London' });
    expect(first.response!.event).toMatchObject({ name: 'TCS London Marathon', date, timeZone: 'Europe/London' });
    expect(first.response!.event.slug).toBe(`tcs-london-marathon-${date.slice(0, 4)}`);
    const typed = await Promise.all(
      ['london marathon 2027', 'London-Marathon!', 'LONDON MARATHON', 'tcs london'].map((name) =>
        resolve({ name, date }),
      ),
    );
    for (const reply of typed) expect(reply.response!.event.id).toBe(first.response!.event.id);
    const paris = await resolve({ name: 'Marathon de Paris', date });
    expect(paris.response!.event.id).not.toBe(first.response!.event.id);
    const anotherDay = await resolve({ name: 'TCS London Marathon', date: inDays(201) });
    expect(anotherDay.response!.event.id).not.toBe(first.response!.event.id);
    expect(anotherDay.response!.event.slug).toBe(`tcs-london-marathon-${inDays(201).slice(0, 4)}-2`);
    const rows = await db.query(`SELECT verified FROM community.events WHERE date = $1 AND name_key = 'tcs london'`, [
      date,
    ]);
    expect(rows.rows).toEqual([{ verified: false }]);
  });

  it('makes one event of a new race typed by many runners at once', async () => {
    const date = inDays(150);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => resolve({ name: `Zürich Marathon ${i % 2 ? '' : 'ZURICH'}`.trim(), date })),
    );
    const ids = new Set(replies.map((r) => r.response!.event.id));
    expect(ids.size).toBe(1);
    const plain = await Promise.all(Array.from({ length: 5 }, () => resolve({ name: 'Bern Marathon', date })));
    expect(new Set(plain.map((r) => r.response!.event.id)).size).toBe(1);
  });

  it('refuses a race already run for a new page, keeps it for an edited one, and refuses a bad time zone or id', async () => {
    const past = await resolve({ name: 'Boston Marathon', date: '2020-04-20' });
    expect(past.err).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(past.err!.message).toMatch(/already taken place/);
    const kept = await resolve({ name: 'Boston Marathon', date: '2020-04-20', forNewPage: false });
    expect(kept.response!.event.date).toBe('2020-04-20');
    const byId = await resolve({ eventId: kept.response!.event.id });
    expect(byId.err!.message).toMatch(/already taken place/);
    const zone = await resolve({ name: 'Chicago Marathon', date: inDays(100), timeZone: 'Mars/Olympus' });
    expect(zone.err).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/time zone/) });
    const unknown = await resolve({ eventId: randomUUID() });
    expect(unknown.err!.message).toMatch(/choose a marathon/);
    const badDate = await resolve({ name: 'Chicago Marathon', date: '2027-02-30' });
    expect(badDate.err!.code).toBe('VALIDATION_FAILED');
  });

  it('lists live events soonest first, 20 a page, searched by any word of the name', async () => {
    const base = 400;
    for (let i = 0; i < 25; i++)
      await resolve({
        name: `Listtown ${String.fromCharCode(65 + (i % 26))}${i} Marathon`,
        date: inDays(base + (24 - i)),
      });
    const list = async (query: Record<string, unknown>) =>
      (
        (await nats.request(COMMUNITY.events.list, { query: { page: 1, ...query } })) as {
          response: { events: { name: string; date: string }[]; page: number; totalPages: number };
        }
      ).response;
    const first = await list({ query: 'listtown', from: inDays(base) });
    expect(first.events).toHaveLength(20);
    expect(first.totalPages).toBe(2);
    const dates = first.events.map((e) => e.date);
    expect(dates).toEqual([...dates].sort());
    expect(first.events[0]!.date).toBe(inDays(base));
    const second = await list({ query: 'LISTTOWN marathon', from: inDays(base), page: 2 });
    expect(second.events).toHaveLength(5);
    const within = await list({ query: 'listtown', from: inDays(base), to: inDays(base + 2) });
    expect(within.events).toHaveLength(3);
    const oneWord = await list({ query: 'istt y24', from: inDays(base) });
    expect(oneWord.events.map((e) => e.name)).toEqual(['Listtown Y24 Marathon']);
    // Races already run are not suggested.
    const upcoming = await list({ query: 'boston' });
    expect(upcoming.events).toEqual([]);
  });

  it("keeps an event's sums per currency through the standings, once each, whatever the order", async () => {
    const { response } = await resolve({ name: 'Sums City Marathon', date: inDays(90), timeZone: 'Asia/Tokyo' });
    const event = { kind: 'event' as const, id: response!.event.id };
    const member = (profileId: string, currency: string, raised: string) => ({
      profileId,
      userId: randomUUID(),
      status: 'member' as const,
      joinedAt: new Date(),
      published: true,
      raised,
      donors: 2,
      currency,
      totalsVersion: 1,
      meters: 1609.344,
      distanceVersion: 1,
    });
    const [a, b] = [randomUUID(), randomUUID()];
    await dataSource.transaction(async (m) => {
      await standings.join(m, event, member(a, 'USD', '100.00'));
      await standings.join(m, event, member(b, 'GBP', '50.50'));
    });
    const changes = [
      { raised: '70.00', donors: 3, currency: 'GBP', totalsVersion: 3 },
      { raised: '60.00', donors: 2, currency: 'EUR', totalsVersion: 2 },
    ];
    for (const totals of changes.reverse())
      await dataSource.transaction((m) => standings.pageTotalsChanged(m, b, totals));
    await dataSource.transaction((m) => standings.pageTotalsChanged(m, b, changes[1]!));
    const page = (await nats.request(COMMUNITY.events.getBySlug, {
      slug: response!.event.slug,
      query: { by: 'raised', page: 1 },
    })) as {
      response: { event: { totals: unknown[]; runnerCount: number; miles: number } };
    };
    // Largest first, as a charity's: the one per-currency standing of groups.
    expect(page.response.event.totals).toEqual([
      { currency: 'USD', raised: '100.00', donors: 2 },
      { currency: 'GBP', raised: '70.00', donors: 3 },
    ]);
    expect(page.response.event).toMatchObject({ runnerCount: 2, miles: 2 });
  });

  it('answers an unknown event as not found', async () => {
    const reply = (await nats.request(COMMUNITY.events.getBySlug, {
      slug: 'no-such-event-2099',
      query: { by: 'raised', page: 1 },
    })) as { err: { code: string } };
    expect(reply.err.code).toBe('NOT_FOUND');
  });

  /** Publishes an event as its service's outbox relay does, `occurredAt` set to make it late or early. */
  const announce = async (type: string, payload: unknown, occurredAt = new Date(), id: string = randomUUID()) => {
    const envelope = { id, type, occurredAt: occurredAt.toISOString(), payload };
    await jetstream(nats.nc).publish(eventSubject(type), JSON.stringify(envelope), { msgID: `${id}-${Date.now()}` });
    return id;
  };
  type EventPage = {
    event: { totals: { currency: string; raised: string }[]; runnerCount: number };
    runners: { name: string; pageSlug: string; raised: string; percentOfGoal: number }[];
    totalPages: number;
  };
  const eventPage = async (slug: string, query: Record<string, unknown> = {}) =>
    (
      (await nats.request(COMMUNITY.events.getBySlug, { slug, query: { by: 'raised', page: 1, ...query } })) as {
        response: EventPage;
      }
    ).response;

  it('counts a page in the event its card names, once, whatever the order, and moves it when the card changes', async () => {
    const date = inDays(120);
    const a = (await resolve({ name: 'Card City Marathon', date })).response!.event;
    const b = (await resolve({ name: 'Other Town Marathon', date })).response!.event;
    const [profileId, userId] = [randomUUID(), randomUUID()];
    const card = (eventId: string, name: string) => ({
      profileId,
      userId,
      urlSlug: 'card-runner',
      name,
      marathonName: 'Card City Marathon',
      marathonDate: date,
      platform: 'donorbox',
      charityId: null,
      eventId,
      createdAt: new Date().toISOString(),
    });
    // Totals first, then access, then the card: the page counts once all are there.
    await announce(PROFILES_EVENTS.totalsChanged.type, {
      profileId,
      urlSlug: 'card-runner',
      fundsRaised: '250.00',
      fundraisingGoal: '1000.00',
      totalDonors: 4,
      fundraisingCurrency: 'EUR',
      totalsSource: 'manual',
      totalsVersion: 3,
    });
    await announce(BILLING_EVENTS.subscriptionChanged.type, { userId, status: 'active', currentPeriodEnd: null });
    await eventually(async () =>
      expect((await db.query(`SELECT 1 FROM community.owner_access WHERE user_id = $1`, [userId])).rowCount).toBe(1),
    );
    const first = new Date();
    const cardId = await announce(PROFILES_EVENTS.cardChanged.type, card(a.id, 'Casey Card'), first);
    await eventually(async () => expect((await eventPage(a.slug)).event.runnerCount).toBe(1));
    // The same card again (a redelivery) changes nothing.
    await announce(PROFILES_EVENTS.cardChanged.type, card(a.id, 'Casey Card'), first, cardId);
    const page = await eventPage(a.slug);
    expect(page.event).toMatchObject({ runnerCount: 1, totals: [{ currency: 'EUR', raised: '250.00', donors: 4 }] });
    expect(page.runners).toEqual([
      expect.objectContaining({ name: 'Casey Card', pageSlug: 'card-runner', raised: '250.00', percentOfGoal: 25 }),
    ]);
    expect((await eventPage(a.slug, { query: 'cas' })).runners).toHaveLength(1);
    expect((await eventPage(a.slug, { query: 'nobody' })).runners).toHaveLength(0);
    // The runner chooses the other race: the page leaves the first event for it; a late older card changes nothing.
    await announce(PROFILES_EVENTS.cardChanged.type, card(b.id, 'Casey Card'), new Date(first.getTime() + 1000));
    await eventually(async () => expect((await eventPage(b.slug)).event.runnerCount).toBe(1));
    await announce(PROFILES_EVENTS.cardChanged.type, card(a.id, 'Casey Card'), new Date(first.getTime() - 1000));
    // A later card of another page on the same consumer proves the late one was handled.
    const marker = { ...card(b.id, 'Marker'), profileId: randomUUID(), userId: randomUUID(), urlSlug: 'marker-runner' };
    await announce(PROFILES_EVENTS.cardChanged.type, marker);
    await eventually(async () =>
      expect((await db.query(`SELECT 1 FROM community.pages WHERE profile_id = $1`, [marker.profileId])).rowCount).toBe(
        1,
      ),
    );
    expect((await eventPage(a.slug)).event).toMatchObject({ runnerCount: 0, totals: [] });
    expect((await eventPage(b.slug)).event.runnerCount).toBe(1);
  });

  type Reply<T> = { response?: T; err?: { status: number; code: string; message: string } };
  async function ok<T>(pattern: string, data: unknown): Promise<T> {
    const reply = (await nats.request(pattern, data)) as Reply<T>;
    if (reply.err) throw new Error(`${pattern}: ${reply.err.status} ${reply.err.message}`);
    return reply.response as T;
  }

  it('lists the teams and charities of its published runners, with what those runners raised for it', async () => {
    const tag = randomUUID().slice(0, 8);
    const date = inDays(130);
    const event = (await resolve({ name: `Groups ${tag} Marathon`, date })).response!.event;
    const elsewhere = (await resolve({ name: `Far ${tag} Marathon`, date })).response!.event;
    const charity = async (name: string) =>
      (
        await ok<{ charity: Charity }>(CHARITIES.create, {
          userId: randomUUID(),
          email: 'founder@example.com',
          charity: {
            slug: `${name}-${tag}`,
            name: `${name} ${tag}`,
            website: `https://${name}-${tag}.org`,
            country: 'GB',
            mission: 'Run',
          },
        })
      ).charity;
    const [rivers, hearts, hidden] = [await charity('rivers'), await charity('hearts'), await charity('hidden')];
    const started = new Date();
    /** A page running `eventId`, naming `charityId`, with its totals; published unless told otherwise. */
    const runner = async (
      name: string,
      charityId: string,
      raised: string,
      donors: number,
      currency: string,
      options: { published?: boolean; eventId?: string } = {},
    ) => {
      const [profileId, userId, urlSlug] = [randomUUID(), randomUUID(), `${name}-${tag}`];
      if (options.published !== false)
        await announce(
          BILLING_EVENTS.subscriptionChanged.type,
          { userId, status: 'lifetime', currentPeriodEnd: null },
          started,
        );
      await announce(PROFILES_EVENTS.cardChanged.type, {
        profileId,
        userId,
        urlSlug,
        name: `Runner ${name}`,
        marathonName: event.name,
        marathonDate: date,
        platform: 'manual',
        charityId,
        eventId: options.eventId ?? event.id,
        createdAt: started.toISOString(),
      });
      await announce(PROFILES_EVENTS.totalsChanged.type, {
        profileId,
        urlSlug,
        fundsRaised: raised,
        fundraisingGoal: '1000.00',
        totalDonors: donors,
        fundraisingCurrency: currency,
        totalsSource: 'manual',
        totalsVersion: 1,
      });
      if (options.published !== false)
        await eventually(async () =>
          expect(
            (
              await db.query(
                `SELECT 1 FROM community.pages p JOIN community.owner_access a ON a.user_id = p.user_id
                  WHERE p.profile_id = $1 AND p.name IS NOT NULL AND p.totals_version >= 1`,
                [profileId],
              )
            ).rowCount,
          ).toBe(1),
        );
      return { profileId, userId };
    };
    const ann = await runner('ann', rivers.id, '100.00', 2, 'USD');
    const gus = await runner('gus', rivers.id, '50.00', 1, 'GBP');
    const cat = await runner('cat', hearts.id, '30.00', 1, 'USD');
    const far = await runner('far', hearts.id, '500.00', 5, 'USD', { eventId: elsewhere.id });
    await runner('nat', hidden.id, '999.00', 9, 'USD', { published: false });
    const team = (captain: { profileId: string; userId: string }, currency: string) =>
      ok<TeamResponse>(TEAMS.create, {
        userId: captain.userId,
        team: {
          slug: `crew-${randomUUID().slice(0, 8)}`,
          name: `Crew ${currency} ${tag}`,
          charityName: 'Any',
          marathonName: event.name,
          marathonDate: date,
          currency,
          goalAmount: 1000,
          joinRule: 'open',
          captainProfileId: captain.profileId,
        },
      });
    const dollars = (await team(ann, 'USD')).team;
    const pounds = (await team(gus, 'GBP')).team;
    await ok(TEAMS.join, { userId: cat.userId, teamId: dollars.id, join: { runnerProfileId: cat.profileId } });
    // A team member running another race adds nothing to this event's page.
    await ok(TEAMS.join, { userId: far.userId, teamId: dollars.id, join: { runnerProfileId: far.profileId } });

    const page = () =>
      ok<EventPageResponse>(COMMUNITY.events.getBySlug, { slug: event.slug, query: { by: 'raised', page: 1 } });
    await eventually(async () => {
      const shown = await page();
      expect(shown.teams).toEqual([
        { slug: dollars.slug, name: dollars.name, raised: '130.00', currency: 'USD', donors: 3, runnerCount: 2 },
        { slug: pounds.slug, name: pounds.name, raised: '50.00', currency: 'GBP', donors: 1, runnerCount: 1 },
      ]);
      expect(shown.charities).toEqual([
        {
          slug: rivers.slug,
          name: rivers.name,
          runnerCount: 2,
          totals: [
            { currency: 'USD', raised: '100.00', donors: 2 },
            { currency: 'GBP', raised: '50.00', donors: 1 },
          ],
        },
        {
          slug: hearts.slug,
          name: hearts.name,
          runnerCount: 1,
          totals: [{ currency: 'USD', raised: '30.00', donors: 1 }],
        },
      ]);
      expect(shown.event.teamCount).toBe(2);
    });

    // Cat's page is no longer published: it leaves the sums, and the charity only it named leaves the page.
    await announce(
      BILLING_EVENTS.subscriptionChanged.type,
      { userId: cat.userId, status: 'canceled', currentPeriodEnd: null },
      new Date(started.getTime() + 60_000),
    );
    await eventually(async () => {
      const shown = await page();
      expect(shown.teams.map((t) => [t.slug, t.raised, t.runnerCount])).toEqual([
        [dollars.slug, '100.00', 1],
        [pounds.slug, '50.00', 1],
      ]);
      expect(shown.charities.map((c) => c.slug)).toEqual([rivers.slug]);
    });
  });
});
