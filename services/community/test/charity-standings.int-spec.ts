// A charity's sums: the pages naming it (by their cards) are its standing's members, kept per
// currency from profiles', fitness's and billing's events, applied once and right whatever order
// or how often the events come; its public page lists only published runners, and the teams
// naming it that have a published member.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import type { INestMicroservice } from '@nestjs/common';
import {
  BILLING_EVENTS,
  CHARITIES,
  CHARITY_ACCESS,
  CHARITY_NOT_LISTED,
  COMMUNITY,
  FITNESS_EVENTS,
  PROFILES_EVENTS,
  TEAMS,
  type Charity,
  type CharityPageResponse,
  type CharityRunnersResponse,
  type TeamResponse,
} from '@runpledge/contracts';
import { bootstrapService, eventSubject } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventually, natsRequester } from '../../../scripts/jest/helpers.mjs';

type Reply<T> = { response?: T; err?: { status: number; code: string; message: string } };

describe("a charity's sums and public page", () => {
  let service: INestMicroservice;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let db: pg.Client;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    Object.assign(process.env, { REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'rp:'}${randomUUID().slice(0, 8)}:` });
    const { AppModule } = await import('../src/app.module.js');
    service = await bootstrapService('community', AppModule);
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

  async function ok<T>(pattern: string, data: unknown): Promise<T> {
    const reply = (await nats.request(pattern, data)) as Reply<T>;
    if (reply.err) throw new Error(`${pattern}: ${reply.err.status} ${reply.err.message}`);
    return reply.response as T;
  }
  /** Publishes an event as its service's outbox relay does; the same envelope may be sent again. */
  const publish = async (envelope: { id: string }, msgID = envelope.id) =>
    jetstream(nats.nc).publish(eventSubject((envelope as unknown as { type: string }).type), JSON.stringify(envelope), {
      msgID,
    });
  const announce = async (type: string, payload: unknown, occurredAt = new Date()) => {
    const envelope = { id: randomUUID(), type, occurredAt: occurredAt.toISOString(), payload };
    await publish(envelope);
    return envelope;
  };
  const newCharity = async (admin = randomUUID()) => {
    const slug = `sums-${randomUUID().slice(0, 8)}`;
    const { charity } = await ok<{ charity: Charity }>(CHARITIES.create, {
      userId: admin,
      email: 'founder@example.com',
      charity: {
        slug,
        name: `Sums ${slug}`,
        website: `https://${slug}.org`,
        country: 'US',
        mission: 'Counting right',
      },
    });
    return charity;
  };
  const page = async (
    urlSlug: string,
    charityId: string | null,
    occurredAt = new Date(),
    lifetime = true,
    race: { eventId: string | null; marathonName: string } = { eventId: null, marathonName: 'Chicago Marathon' },
  ) => {
    const profileId = randomUUID();
    const userId = randomUUID();
    if (lifetime)
      await announce(BILLING_EVENTS.subscriptionChanged.type, { userId, status: 'lifetime', currentPeriodEnd: null });
    const card = (charity: string | null) => ({
      profileId,
      userId,
      urlSlug,
      name: `Runner ${urlSlug}`,
      marathonName: race.marathonName,
      marathonDate: '2031-10-12',
      platform: 'manual',
      charityId: charity,
      eventId: race.eventId,
      createdAt: '2031-01-02T03:04:05.000Z',
    });
    await announce(PROFILES_EVENTS.cardChanged.type, card(charityId), occurredAt);
    return { profileId, userId, card };
  };
  const totals = (
    p: { profileId: string },
    fundsRaised: string,
    totalDonors: number,
    totalsVersion: number,
    currency = 'USD',
  ) => ({
    profileId: p.profileId,
    urlSlug: 'x',
    fundsRaised,
    fundraisingGoal: '1000.00',
    totalDonors,
    fundraisingCurrency: currency,
    totalsSource: 'manual',
    totalsVersion,
  });
  const view = (charity: Charity, by = 'raised') =>
    ok<CharityPageResponse>(CHARITIES.getBySlug, { slug: charity.slug, query: { by, page: 1 } });

  it('sums its runners per currency, once per event, newest version winning whatever the order', async () => {
    const charity = await newCharity();
    const ann = await page(`ann-${charity.slug}`, charity.id);
    const bob = await page(`bob-${charity.slug}`, charity.id);
    await announce(PROFILES_EVENTS.totalsChanged.type, totals(ann, '100.00', 2, 1));
    const bobs = await announce(PROFILES_EVENTS.totalsChanged.type, totals(bob, '40.50', 1, 1, 'GBP'));
    await eventually(async () =>
      expect((await view(charity)).charity).toMatchObject({
        runnerCount: 2,
        totals: [
          { currency: 'USD', raised: '100.00', donors: 2 },
          { currency: 'GBP', raised: '40.50', donors: 1 },
        ],
      }),
    );
    // Delivered again (another message id, the same event): applied once.
    await publish(bobs, `${bobs.id}-again`);
    // Out of order: version 3, then the older version 2.
    await announce(PROFILES_EVENTS.totalsChanged.type, totals(ann, '250.00', 5, 3));
    await announce(PROFILES_EVENTS.totalsChanged.type, totals(ann, '180.00', 4, 2));
    await announce(FITNESS_EVENTS.distanceChanged.type, { userId: ann.userId, totalMeters: 16_093.44, version: 2 });
    await eventually(async () =>
      expect((await view(charity)).charity).toMatchObject({
        miles: 10,
        totals: [
          { currency: 'USD', raised: '250.00', donors: 5 },
          { currency: 'GBP', raised: '40.50', donors: 1 },
        ],
      }),
    );
    // Bob moves to dollars: his money leaves pounds.
    await announce(PROFILES_EVENTS.totalsChanged.type, totals(bob, '60.00', 2, 2, 'USD'));
    await eventually(async () =>
      expect((await view(charity)).charity.totals).toEqual([{ currency: 'USD', raised: '310.00', donors: 7 }]),
    );
    const ranked = await view(charity, 'raised');
    expect(ranked.runners.map((r) => [r.pageSlug, r.raised, r.percentOfGoal])).toEqual([
      [ann.card(null).urlSlug, '250.00', 25],
      [bob.card(null).urlSlug, '60.00', 6],
    ]);
  });

  it('lists the races its published runners run, each in the directory with its address', async () => {
    const charity = await newCharity();
    const reply = (await nats.request(COMMUNITY.events.resolve, {
      name: `Lakeside ${charity.slug} Marathon`,
      date: '2031-10-12',
      forNewPage: true,
    })) as Reply<{ event: { id: string; slug: string; name: string } }>;
    const { event } = reply.response!;
    const race = { eventId: event.id, marathonName: event.name };
    await page(`lake-a-${charity.slug}`, charity.id, new Date(), true, race);
    await page(`lake-b-${charity.slug}`, charity.id, new Date(), true, race);
    await page(`lake-hidden-${charity.slug}`, charity.id, new Date(), false, race);
    await page(`typed-${charity.slug}`, charity.id);
    await eventually(async () =>
      expect((await view(charity)).events).toEqual([
        { id: null, slug: null, name: 'Chicago Marathon', date: '2031-10-12', runnerCount: 1 },
        { id: event.id, slug: event.slug, name: event.name, date: '2031-10-12', runnerCount: 2 },
      ]),
    );
  });

  it('lists only published runners; a page choosing another charity, or none, moves its sums', async () => {
    const first = await newCharity();
    const second = await newCharity();
    const hidden = await page(`hid-${first.slug}`, first.id, new Date(), false);
    const cara = await page(`cara-${first.slug}`, first.id);
    await announce(PROFILES_EVENTS.totalsChanged.type, totals(hidden, '999.00', 9, 1));
    await announce(PROFILES_EVENTS.totalsChanged.type, totals(cara, '20.00', 1, 1));
    await eventually(async () =>
      expect((await view(first)).charity.totals).toEqual([{ currency: 'USD', raised: '20.00', donors: 1 }]),
    );
    expect((await view(first)).runners.map((r) => r.pageSlug)).toEqual([cara.card(null).urlSlug]);
    const access = await ok(CHARITY_ACCESS.access, {
      charityId: first.id,
      userId: hidden.userId,
      runnerProfileId: hidden.profileId,
    });
    expect(access).toEqual({ role: null, page: { userId: hidden.userId, namesCharity: true } });

    const later = new Date(Date.now() + 1000);
    await announce(PROFILES_EVENTS.cardChanged.type, cara.card(second.id), later);
    // An older card arriving late changes nothing.
    await announce(PROFILES_EVENTS.cardChanged.type, cara.card(first.id), new Date(later.getTime() - 60_000));
    await eventually(async () =>
      expect((await view(second)).charity.totals).toEqual([{ currency: 'USD', raised: '20.00', donors: 1 }]),
    );
    expect((await view(first)).charity).toMatchObject({ totals: [], runnerCount: 0 });
    await announce(PROFILES_EVENTS.cardChanged.type, cara.card(null), new Date(later.getTime() + 1000));
    await eventually(async () => expect((await view(second)).charity).toMatchObject({ totals: [], runnerCount: 0 }));
  });

  it('shows staff every page naming the charity, published or not, with flags, filters, search and sort', async () => {
    const admin = randomUUID();
    const charity = await newCharity(admin);
    const fresh = await page(`fresh-${charity.slug}`, charity.id, new Date(), false);
    const done = await page(`done-${charity.slug}`, charity.id);
    const slow = await page(`slow-${charity.slug}`, charity.id);
    await announce(PROFILES_EVENTS.totalsChanged.type, totals(done, '1000.00', 12, 1));
    await announce(PROFILES_EVENTS.totalsChanged.type, totals(slow, '10.00', 1, 1));
    await announce(PROFILES_EVENTS.totalsChanged.type, totals(fresh, '0.00', 0, 1));
    const list = (query: Record<string, unknown> = {}) =>
      ok<CharityRunnersResponse>(CHARITIES.runners, {
        userId: admin,
        charityId: charity.id,
        query: { sort: 'name', query: '', page: 1, ...query },
      });
    await eventually(async () =>
      expect((await list({ sort: 'raised' })).runners.map((r) => r.raised)).toEqual(['1000.00', '10.00', '0.00']),
    );
    // The slow page was made long before race day and is far from its goal: behind pace once time has gone.
    await db.query(
      `UPDATE community.pages SET page_created_at = now() - interval '300 days', race_date = (now() + interval '30 days')::date,
         last_donation_at = now() - interval '40 days' WHERE profile_id = $1`,
      [slow.profileId],
    );
    const all = await list();
    const bySlug = new Map(all.runners.map((r) => [r.pageSlug, r]));
    expect(bySlug.get(fresh.card(null).urlSlug)).toMatchObject({ published: false, flags: ['no_donation_yet'] });
    expect(bySlug.get(done.card(null).urlSlug)).toMatchObject({
      published: true,
      flags: ['goal_reached'],
      percentOfGoal: 100,
    });
    expect(bySlug.get(slow.card(null).urlSlug)).toMatchObject({
      flags: ['behind_pace', 'quiet_30_days'],
      eventName: 'Chicago Marathon',
      platform: 'manual',
    });
    expect((await list({ flag: 'behind_pace' })).runners.map((r) => r.pageSlug)).toEqual([slow.card(null).urlSlug]);
    expect((await list({ query: 'done' })).runners.map((r) => r.pageSlug)).toEqual([done.card(null).urlSlug]);
    expect((await list({ event: randomUUID() })).runners).toEqual([]);

    const outsider = (await nats.request(CHARITIES.runners, {
      userId: randomUUID(),
      charityId: charity.id,
      query: { sort: 'name', query: '', page: 1 },
    })) as Reply<unknown>;
    expect(outsider.err?.status).toBe(403);
  });

  it('sends a runner at most one message a week from one charity, only to pages naming it', async () => {
    const admin = randomUUID();
    const charity = await newCharity(admin);
    const other = await newCharity();
    const ann = await page(`msg-ann-${charity.slug}`, charity.id);
    const elsewhere = await page(`msg-else-${charity.slug}`, other.id);
    await eventually(async () =>
      expect(
        (
          await ok<CharityRunnersResponse>(CHARITIES.runners, {
            userId: admin,
            charityId: charity.id,
            query: { sort: 'name', query: '', page: 1 },
          })
        ).runners,
      ).toHaveLength(1),
    );
    const send = (ids: string[]) =>
      ok<{ queued: number }>(CHARITIES.message, {
        userId: admin,
        email: 'events@charity.example',
        charityId: charity.id,
        message: { subject: 'Nearly there', body: 'Keep going <b>Ann</b>!', runnerProfileIds: ids },
      });
    expect(await send([ann.profileId, elsewhere.profileId, randomUUID()])).toEqual({ queued: 1 });
    expect(await send([ann.profileId])).toEqual({ queued: 0 });
    const { rows } = await db.query(
      `SELECT payload FROM community.outbox WHERE type = 'community.charity.message-sent' AND payload->'charity'->>'id' = $1`,
      [charity.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].payload).toMatchObject({
      senderEmail: 'events@charity.example',
      body: 'Keep going <b>Ann</b>!',
      recipients: [{ profileId: ann.profileId, userId: ann.userId }],
    });
    const tooLong = (await nats.request(CHARITIES.message, {
      userId: admin,
      email: 'events@charity.example',
      charityId: charity.id,
      message: { subject: 'Long', body: 'x'.repeat(5001), runnerProfileIds: [ann.profileId] },
    })) as Reply<unknown>;
    expect(tooLong.err).toMatchObject({ status: 400, message: 'The message can be at most 5000 characters' });
  });

  /** Waits until community's copy of the page has its card, its totals and its owner's access. */
  const pageReady = (p: { profileId: string; userId: string }) =>
    eventually(async () => {
      const { rows } = await db.query(
        `SELECT 1 FROM community.pages p JOIN community.owner_access a ON a.user_id = p.user_id
          WHERE p.profile_id = $1 AND p.name IS NOT NULL AND p.totals_version >= 1`,
        [p.profileId],
      );
      expect(rows).toHaveLength(1);
    });
  const newTeam = (captain: { profileId: string; userId: string }, charityId: string | null) =>
    ok<TeamResponse>(TEAMS.create, {
      userId: captain.userId,
      team: {
        slug: `team-${randomUUID().slice(0, 8)}`,
        name: `Team ${randomUUID().slice(0, 4)}`,
        charityName: 'As typed',
        charityId,
        marathonName: 'Chicago Marathon',
        marathonDate: '2031-10-12',
        currency: 'USD',
        goalAmount: 5000,
        joinRule: 'open',
        captainProfileId: captain.profileId,
      },
    });
  const editTeam = (captain: { userId: string }, teamId: string, changes: Record<string, unknown>) =>
    nats.request(TEAMS.update, { userId: captain.userId, teamId, changes }) as Promise<Reply<TeamResponse>>;

  it('lists the teams naming it that have a published member, most raised first; a team leaving it goes', async () => {
    const charity = await newCharity();
    const other = await newCharity();
    const started = new Date();
    const ann = await page(`tann-${charity.slug}`, null, started);
    const bob = await page(`tbob-${charity.slug}`, null, started);
    await announce(PROFILES_EVENTS.totalsChanged.type, totals(ann, '120.00', 2, 1));
    await announce(PROFILES_EVENTS.totalsChanged.type, totals(bob, '300.00', 6, 1));
    await pageReady(ann);
    await pageReady(bob);

    const anns = (await newTeam(ann, charity.id)).team;
    // A listed charity's name is the team's, whatever was typed.
    expect(anns).toMatchObject({ charityId: charity.id, charityName: charity.name });
    const bobs = (await newTeam(bob, charity.id)).team;
    const unknown = await editTeam(bob, bobs.id, { charityId: randomUUID() });
    expect(unknown.err).toMatchObject({ status: 400, message: CHARITY_NOT_LISTED });
    await eventually(async () => {
      const shown = await view(charity);
      expect(shown.teams).toEqual([
        { slug: bobs.slug, name: bobs.name, raised: '300.00', currency: 'USD' },
        { slug: anns.slug, name: anns.name, raised: '120.00', currency: 'USD' },
      ]);
      expect(shown.charity.teamCount).toBe(2);
    });

    // Bob's team leaves the charity (null): it is no longer listed, and names none.
    const left = await editTeam(bob, bobs.id, { charityId: null });
    expect(left.response?.team).toMatchObject({ charityId: null });
    expect((await view(charity)).teams.map((t) => t.slug)).toEqual([anns.slug]);
    // Ann's team moves to another charity.
    await editTeam(ann, anns.id, { charityId: other.id });
    expect((await view(charity)).teams).toEqual([]);
    expect((await view(other)).teams.map((t) => t.slug)).toEqual([anns.slug]);

    // Ann's page is no longer published: a team of unpublished pages is not shown.
    await announce(
      BILLING_EVENTS.subscriptionChanged.type,
      { userId: ann.userId, status: 'canceled', currentPeriodEnd: null },
      new Date(started.getTime() + 60_000),
    );
    await eventually(async () => expect((await view(other)).teams).toEqual([]));
    expect((await view(other)).charity.teamCount).toBe(0);
  });
});
