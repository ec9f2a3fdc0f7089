import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import type { INestMicroservice } from '@nestjs/common';
import type { Subscription } from '@nats-io/transport-node';
import {
  BILLING_EVENTS,
  PROFILE_CACHE_INVALIDATION,
  PROFILES,
  PROFILES_EVENTS,
  SLUG_TAKEN_MESSAGE,
  type Challenge,
  type Profile,
  type ProfileCacheInvalidation,
  type PublicProfileView,
} from '@runpledge/contracts';
import { bootstrapService, ensureEventStream, eventSubject } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { AddPageCharityAndEvent1799000000100 } from '../src/database/migrations/1799000000100-AddPageCharityAndEvent.js';
import { eventually, natsRequester, SAMPLE_RUNNER } from '../../../scripts/jest/helpers.mjs';
import { profilesRpc } from './profiles-rpc.js';
import { AppModule } from '../src/app.module.js';

// Room for a busy shared machine: events and cross-replica announcements are waited for.
jest.setTimeout(30_000);

const DAY = 24 * 60 * 60 * 1000;

let slugCounter = 0;
const newSlug = () => `runner-${Date.now().toString(36)}-${(slugCounter += 1)}`;

function profileBody(overrides: Record<string, unknown> = {}) {
  return {
    urlSlug: newSlug(),
    ...SAMPLE_RUNNER,
    donationPlatform: 'justgiving',
    justGivingPageShortName: 'jane-runs',
    challenges: [
      { amount: 25, description: 'Pick a song for my playlist', isExclusive: false },
      { amount: 250, description: 'Banana suit long run', isExclusive: true },
      { amount: 40.5, description: 'Your name on my bib' },
    ],
    ...overrides,
  };
}

describe('profiles over NATS', () => {
  let service: INestMicroservice;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let db: pg.Pool;
  let invalidations: ProfileCacheInvalidation[];
  let invalidationSub: Subscription;

  const { call, ok } = profilesRpc(() => nats);
  const createProfile = (userId: string, overrides: Record<string, unknown> = {}) =>
    ok<Profile>(PROFILES.profile.create, { userId, profile: profileBody(overrides) });
  const getBySlug = (slug: string) => ok<PublicProfileView>(PROFILES.profile.getBySlug, { slug });
  const outboxFor = async (type: string, profileId: string) =>
    (
      await db.query(
        `SELECT payload FROM profiles.outbox WHERE type = $1 AND payload->>'profileId' = $2 ORDER BY created_at, occurred_at`,
        [type, profileId],
      )
    ).rows.map((row) => row.payload);
  /** The card a page's events tell, as the page is now. */
  const cardOf = (page: Profile) => ({
    profileId: page.id,
    userId: page.userId,
    urlSlug: page.urlSlug,
    name: page.name,
    marathonName: page.marathonName,
    marathonDate: page.marathonDate,
    platform: page.donationPlatform,
    charityId: null,
    eventId: null,
    createdAt: new Date(page.createdAt).toISOString(),
  });
  const announcedFor = (profileId: string) => invalidations.filter((i) => i.profileId === profileId);

  beforeAll(async () => {
    service = await bootstrapService('profiles', AppModule);
    nats = await natsRequester();
    db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    invalidationSub = nats.nc.subscribe(
      `${process.env.NATS_SUBJECT_PREFIX ?? ''}${PROFILE_CACHE_INVALIDATION.subject}`,
      {
        callback: (_err, msg) => invalidations.push(msg.json<ProfileCacheInvalidation>()),
      },
    );
  });

  beforeEach(() => {
    invalidations = [];
  });

  afterAll(async () => {
    invalidationSub?.unsubscribe();
    await nats.close();
    await db.end();
    await service.close();
  });

  describe('creating a page', () => {
    it('makes the caller the owner, keeps the challenges in order, derives the links and records the event', async () => {
      const userId = randomUUID();
      const profile = await createProfile(userId, { userId: randomUUID() });
      expect(profile).toMatchObject({
        userId,
        name: 'Jane Doe',
        marathonDate: '2027-10-10',
        goalHours: 3,
        goalMinutes: 45,
        donationPlatform: 'justgiving',
        charityLink: 'https://www.justgiving.com/fundraising/jane-runs',
        donationUrl: 'https://www.justgiving.com/fundraising/jane-runs',
        fundsRaised: '0.00',
        fundraisingGoal: '0.00',
        totalDonors: 0,
        connectStrava: false,
      });
      expect(profile.fundraisingChallenges.map((c) => [c.amount, c.position, c.isExclusive])).toEqual([
        [25, 0, false],
        [250, 1, true],
        [40.5, 2, false],
      ]);
      expect(await outboxFor(PROFILES_EVENTS.profileCreated.type, profile.id)).toEqual([
        { profileId: profile.id, userId, urlSlug: profile.urlSlug },
      ]);
    });

    it('accepts the saved sign-up form data as it is (snake_case)', async () => {
      const slug = newSlug();
      const profile = await ok<Profile>(PROFILES.profile.create, {
        userId: randomUUID(),
        profile: {
          url_slug: slug,
          name: 'Sam',
          marathon_name: 'Berlin',
          marathon_date: '2027-09-26',
          goal_hours: '4',
          goal_minutes: '',
          donation_platform: 'donordrive',
          donorDriveEventUrl: 'https://events.example.org/index.cfm?fuseaction=donorDrive.event&eventID=9',
          donorDriveParticipantId: '555',
          description: 'Story',
          challenges: [{ amount: '30', description: 'Shoutout', is_exclusive: true }],
        },
      });
      expect(profile).toMatchObject({
        urlSlug: slug,
        goalHours: 4,
        goalMinutes: 0,
        charityLink: 'https://events.example.org/index.cfm?fuseaction=donorDrive.event&eventID=9',
        donationUrl: 'https://events.example.org/index.cfm?fuseaction=donorDrive.participant&participantID=555#donate',
        fundraisingChallenges: [{ amount: 30, description: 'Shoutout', isExclusive: true, position: 0 }],
      });
    });

    it('refuses a taken slug with 409, also when two sign-ups race for it', async () => {
      const slug = newSlug();
      await createProfile(randomUUID(), { urlSlug: slug });
      const again = await call(PROFILES.profile.create, {
        userId: randomUUID(),
        profile: profileBody({ urlSlug: slug }),
      });
      expect(again.err).toEqual({ status: 409, code: 'CONFLICT', message: SLUG_TAKEN_MESSAGE });

      const raced = newSlug();
      const replies = await Promise.all(
        Array.from({ length: 5 }, () =>
          call(PROFILES.profile.create, { userId: randomUUID(), profile: profileBody({ urlSlug: raced }) }),
        ),
      );
      expect(replies.filter((r) => r.response)).toHaveLength(1);
      expect(replies.filter((r) => r.err).map((r) => r.err!.status)).toEqual([409, 409, 409, 409]);
    });

    it.each([
      ['a reserved slug', { urlSlug: 'dashboard' }, 'This page address is reserved. Please choose another.'],
      [
        'capitals in the slug',
        { urlSlug: 'Jane' },
        'The page address may only contain lowercase letters, numbers and hyphens',
      ],
      ['a 101-character name', { name: 'x'.repeat(101) }, 'Your name can be at most 100 characters'],
      ['a 1001-character story', { description: 'x'.repeat(1001) }, 'Your story can be at most 1000 characters'],
      ['haku without its page', { donationPlatform: 'haku' }, 'Please enter your Haku fundraising page URL.'],
      [
        'a challenge over 10000',
        { challenges: [{ amount: 10000.01, description: 'x' }] },
        'The amount must be between 0 and 10000',
      ],
    ])('refuses %s with 400 and the rule it breaks', async (_label, overrides, message) => {
      const reply = await call(PROFILES.profile.create, { userId: randomUUID(), profile: profileBody(overrides) });
      expect(reply.err).toEqual({ status: 400, code: 'VALIDATION_FAILED', message });
    });
  });

  describe('reading a page', () => {
    it('answers 404 with the spec message for an unknown slug', async () => {
      const reply = await call(PROFILES.profile.getBySlug, { slug: 'nobody-here' });
      expect(reply.err).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Runner profile not found' });
    });

    it('returns the page with its challenges in order, unpublished while billing has not spoken', async () => {
      const created = await createProfile(randomUUID());
      const view = await getBySlug(created.urlSlug);
      expect(view).toEqual({
        ...created,
        published: false,
        team: null,
        event: null,
        raceResult: null,
        followerCount: 0,
        raisingUntil: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      });
    });
  });

  describe('publishing follows billing.subscription.changed', () => {
    async function publishSubscriptionChange(
      payload: { userId: string; status: string; currentPeriodEnd: string | null },
      occurredAt = new Date(),
    ) {
      await ensureEventStream(nats.nc);
      const envelope = {
        id: randomUUID(),
        type: BILLING_EVENTS.subscriptionChanged.type,
        occurredAt: occurredAt.toISOString(),
        payload,
      };
      await jetstream(nats.nc).publish(eventSubject(envelope.type), JSON.stringify(envelope), { msgID: envelope.id });
    }

    it('publishes trialing, active and lifetime pages and past-due ones within the 7-day grace', async () => {
      const userId = randomUUID();
      const { urlSlug, id } = await createProfile(userId);
      const expectPublished = (published: boolean) =>
        eventually(async () => expect((await getBySlug(urlSlug)).published).toBe(published));

      await publishSubscriptionChange({ userId, status: 'trialing', currentPeriodEnd: null });
      await expectPublished(true);
      await eventually(async () => expect(announcedFor(id)).toContainEqual({ slug: urlSlug, profileId: id }));

      await publishSubscriptionChange({
        userId,
        status: 'past_due',
        currentPeriodEnd: new Date(Date.now() - 8 * DAY).toISOString(),
      });
      await expectPublished(false);
      await publishSubscriptionChange({
        userId,
        status: 'past_due',
        currentPeriodEnd: new Date(Date.now() - 6 * DAY).toISOString(),
      });
      await expectPublished(true);
      await publishSubscriptionChange({ userId, status: 'canceled', currentPeriodEnd: null });
      await expectPublished(false);
      await publishSubscriptionChange({ userId, status: 'lifetime', currentPeriodEnd: null });
      await expectPublished(true);
    });

    it('keeps the newest change when an older event arrives late', async () => {
      const userId = randomUUID();
      const { urlSlug } = await createProfile(userId);
      await publishSubscriptionChange({ userId, status: 'active', currentPeriodEnd: null });
      await eventually(async () => expect((await getBySlug(urlSlug)).published).toBe(true));

      await publishSubscriptionChange(
        { userId, status: 'canceled', currentPeriodEnd: null },
        new Date(Date.now() - 60_000),
      );
      const marker = randomUUID();
      const { urlSlug: markerSlug } = await createProfile(marker);
      await publishSubscriptionChange({ userId: marker, status: 'active', currentPeriodEnd: null });
      // Events of one type arrive in order: once the later marker is applied, the stale one was seen.
      await eventually(async () => expect((await getBySlug(markerSlug)).published).toBe(true));
      expect((await getBySlug(urlSlug)).published).toBe(true);
    });
  });

  describe('editing a page', () => {
    it('lets the owner change any editable field, leaving the rest, and announces the change', async () => {
      const userId = randomUUID();
      // Raised and donors are typed by hand only where no platform provides them (Haku).
      const created = await createProfile(userId, {
        connectStrava: true,
        donationPlatform: 'haku',
        hakuDonationUrl: 'https://haku.example/jane',
      });
      const updated = await ok<Profile>(PROFILES.profile.update, {
        userId,
        profileId: created.id,
        changes: { description: 'A new story', fundsRaised: 1234.5, totalDonors: 12 },
      });
      expect(updated).toMatchObject({
        description: 'A new story',
        fundsRaised: '1234.50',
        totalDonors: 12,
        connectStrava: true,
        name: 'Jane Doe',
        fundraisingChallenges: created.fundraisingChallenges,
      });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
      expect(await getBySlug(created.urlSlug)).toMatchObject({ description: 'A new story' });
      await eventually(async () =>
        expect(announcedFor(created.id)).toEqual([{ slug: created.urlSlug, profileId: created.id }]),
      );
    });

    it('re-checks the platform rule on the merged page and re-derives the charity link', async () => {
      const userId = randomUUID();
      const created = await createProfile(userId);
      const missing = await call(PROFILES.profile.update, {
        userId,
        profileId: created.id,
        changes: { donationPlatform: 'haku' },
      });
      expect(missing.err).toMatchObject({ status: 400, message: 'Please enter your Haku fundraising page URL.' });

      const switched = await ok<Profile>(PROFILES.profile.update, {
        userId,
        profileId: created.id,
        changes: { donationPlatform: 'haku', hakuDonationUrl: 'https://haku.example/jane' },
      });
      expect(switched).toMatchObject({
        charityLink: 'https://haku.example/jane',
        donationUrl: 'https://haku.example/jane',
      });
      const renamed = await ok<Profile>(PROFILES.profile.update, {
        userId,
        profileId: created.id,
        changes: { donationPlatform: 'justgiving', just_giving_page_short_name: 'jane-2027' },
      });
      expect(renamed.charityLink).toBe('https://www.justgiving.com/fundraising/jane-2027');
    });

    it('refuses an empty story and over-long fields with the spec words', async () => {
      const userId = randomUUID();
      const { id } = await createProfile(userId);
      for (const [changes, message] of [
        [{ description: '  ' }, 'Story cannot be empty'],
        [{ marathonName: 'x'.repeat(101) }, 'Marathon name can be at most 100 characters'],
        [{ goalMinutes: 60 }, 'Goal minutes must be between 0 and 59'],
      ] as const) {
        const reply = await call(PROFILES.profile.update, { userId, profileId: id, changes });
        expect(reply.err).toMatchObject({ status: 400, message });
      }
    });

    it('answers 403 to another user and 404 for a missing page, announcing nothing', async () => {
      const created = await createProfile(randomUUID());
      const other = await call(PROFILES.profile.update, {
        userId: randomUUID(),
        profileId: created.id,
        changes: { description: 'Hijacked' },
      });
      expect(other.err).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      const missing = await call(PROFILES.profile.update, {
        userId: randomUUID(),
        profileId: randomUUID(),
        changes: { description: 'x' },
      });
      expect(missing.err).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Runner profile not found' });
      expect((await getBySlug(created.urlSlug)).description).toBe('Running for the kids.');
      await nats.nc.flush();
      expect(announcedFor(created.id)).toEqual([]);
    });
  });

  describe('changing the slug', () => {
    const update = (userId: string, profileId: string, changes: Record<string, unknown>) =>
      call<Profile>(PROFILES.profile.update, { userId, profileId, changes });

    it("tells groups the page's card when it is created and when its name, address, race or platform changes, not otherwise", async () => {
      const userId = randomUUID();
      const created = await createProfile(userId);
      const cards = () => outboxFor(PROFILES_EVENTS.cardChanged.type, created.id);
      const card = cardOf(created);
      expect(await cards()).toEqual([card]);
      await ok<Profile>(PROFILES.profile.update, {
        userId,
        profileId: created.id,
        changes: { description: 'Same card' },
      });
      expect(await cards()).toHaveLength(1);
      await ok<Profile>(PROFILES.profile.update, {
        userId,
        profileId: created.id,
        changes: { name: 'Renamed Runner' },
      });
      const to = newSlug();
      await ok<Profile>(PROFILES.profile.update, { userId, profileId: created.id, changes: { url_slug: to } });
      await ok<Profile>(PROFILES.profile.update, {
        userId,
        profileId: created.id,
        changes: { marathonName: 'Berlin Marathon', marathonDate: '2031-09-28' },
      });
      expect(await cards()).toEqual([
        card,
        { ...card, name: 'Renamed Runner' },
        { ...card, urlSlug: to, name: 'Renamed Runner' },
        { ...card, urlSlug: to, name: 'Renamed Runner', marathonName: 'Berlin Marathon', marathonDate: '2031-09-28' },
      ]);
    });

    it("records every existing page's card and totals again when the card grew its race, platform, charity and event", async () => {
      const userId = randomUUID();
      const created = await createProfile(userId);
      await db.query(`DELETE FROM profiles.outbox WHERE type = $1 AND payload->>'profileId' = $2`, [
        PROFILES_EVENTS.cardChanged.type,
        created.id,
      ]);
      const dataSource = service.get(DataSource);
      await dataSource.transaction((manager) => new AddPageCharityAndEvent1799000000100().up(manager.queryRunner!));
      expect(await outboxFor(PROFILES_EVENTS.cardChanged.type, created.id)).toEqual([cardOf(created)]);
      // What it recorded is a card every reader accepts.
      const [row] = await outboxFor(PROFILES_EVENTS.cardChanged.type, created.id);
      expect(PROFILES_EVENTS.cardChanged.schema.safeParse(row).success).toBe(true);
      // And the page's totals, at their version, as an edit tells them.
      const totals = await outboxFor(PROFILES_EVENTS.totalsChanged.type, created.id);
      expect(totals.at(-1)).toEqual({
        profileId: created.id,
        urlSlug: created.urlSlug,
        fundsRaised: '0.00',
        fundraisingGoal: `${Number(created.fundraisingGoal).toFixed(2)}`,
        totalDonors: 0,
        fundraisingCurrency: 'USD',
        totalsSource: created.totalsSource,
        totalsVersion: 0,
      });
      expect(PROFILES_EVENTS.totalsChanged.schema.safeParse(totals.at(-1)).success).toBe(true);
    });

    it('tells the totals of a hand-typed page from its creation; a synced page waits for its first sync', async () => {
      const userId = randomUUID();
      const typed = await createProfile(userId, {
        donationPlatform: 'other',
        charityLink: 'https://charity.example.org/donate',
        fundsRaised: 120.5,
        totalDonors: 4,
        fundraisingGoal: 1000,
        fundraisingCurrency: 'GBP',
      });
      expect(await outboxFor(PROFILES_EVENTS.totalsChanged.type, typed.id)).toEqual([
        expect.objectContaining({
          fundsRaised: '120.50',
          totalDonors: 4,
          fundraisingGoal: '1000.00',
          fundraisingCurrency: 'GBP',
          totalsVersion: 0,
        }),
      ]);
      const synced = await createProfile(randomUUID());
      expect(await outboxFor(PROFILES_EVENTS.totalsChanged.type, synced.id)).toEqual([]);
    });

    it('moves the page, keeps the old address finding it, announces both and records the move for fitness', async () => {
      const userId = randomUUID();
      const created = await createProfile(userId);
      const to = newSlug();
      const moved = await ok<Profile>(PROFILES.profile.update, {
        userId,
        profileId: created.id,
        changes: { url_slug: to, description: 'Moved' },
      });
      expect(moved).toMatchObject({ urlSlug: to, description: 'Moved', id: created.id });
      // The old address finds the page, whose urlSlug says where it lives now.
      expect(await getBySlug(created.urlSlug)).toMatchObject({ id: created.id, urlSlug: to });
      expect(await getBySlug(to)).toMatchObject({ id: created.id, urlSlug: to });
      expect(await outboxFor(PROFILES_EVENTS.slugChanged.type, created.id)).toEqual([
        { profileId: created.id, userId, urlSlug: to },
      ]);
      await eventually(async () =>
        expect(announcedFor(created.id)).toEqual(
          expect.arrayContaining([
            { slug: created.urlSlug, profileId: created.id },
            { slug: to, profileId: created.id },
          ]),
        ),
      );
      // Neither address can be taken by another page, nor announced free.
      for (const slug of [created.urlSlug, to]) {
        const taken = await call(PROFILES.profile.create, {
          userId: randomUUID(),
          profile: profileBody({ urlSlug: slug }),
        });
        expect([slug, taken.err]).toEqual([slug, { status: 409, code: 'CONFLICT', message: SLUG_TAKEN_MESSAGE }]);
        expect(await ok(PROFILES.slug.availability, { slug })).toMatchObject({ available: false });
      }
    });

    it("refuses another page's address or former address with 409, changing nothing", async () => {
      const userId = randomUUID();
      const mine = await createProfile(userId);
      const other = await createProfile(randomUUID());
      const otherFormer = other.urlSlug;
      await ok<Profile>(PROFILES.profile.update, {
        userId: other.userId,
        profileId: other.id,
        changes: { urlSlug: newSlug() },
      });
      const otherNow = (await getBySlug(otherFormer)).urlSlug;
      for (const slug of [otherNow, otherFormer]) {
        const reply = await update(userId, mine.id, { urlSlug: slug, description: 'Not saved' });
        expect([slug, reply.err]).toEqual([slug, { status: 409, code: 'CONFLICT', message: SLUG_TAKEN_MESSAGE }]);
      }
      expect(await getBySlug(mine.urlSlug)).toMatchObject({ id: mine.id, description: 'Running for the kids.' });
      expect(await getBySlug(otherFormer)).toMatchObject({ id: other.id });
      const bad = await update(userId, mine.id, { urlSlug: 'Bad Slug' });
      expect(bad.err).toMatchObject({ status: 400 });
      const reserved = await update(userId, mine.id, { urlSlug: 'login' });
      expect(reserved.err).toMatchObject({
        status: 400,
        message: 'This page address is reserved. Please choose another.',
      });
    });

    it('lets the page move back to its own former address, the newer one then redirecting', async () => {
      const userId = randomUUID();
      const created = await createProfile(userId);
      const second = newSlug();
      await ok<Profile>(PROFILES.profile.update, { userId, profileId: created.id, changes: { urlSlug: second } });
      const back = await ok<Profile>(PROFILES.profile.update, {
        userId,
        profileId: created.id,
        changes: { urlSlug: created.urlSlug },
      });
      expect(back.urlSlug).toBe(created.urlSlug);
      expect(await getBySlug(second)).toMatchObject({ id: created.id, urlSlug: created.urlSlug });
      // The same slug again is no change: no event, no redirect to itself.
      await ok<Profile>(PROFILES.profile.update, {
        userId,
        profileId: created.id,
        changes: { urlSlug: created.urlSlug },
      });
      expect((await outboxFor(PROFILES_EVENTS.slugChanged.type, created.id)).map((e) => e.urlSlug)).toEqual([
        second,
        created.urlSlug,
      ]);
      const redirects = await db.query(
        `SELECT old_slug FROM profiles.slug_redirects WHERE runner_profile_id = $1 ORDER BY old_slug`,
        [created.id],
      );
      expect(redirects.rows).toEqual([{ old_slug: second }]);
    });

    it('answers 403 to another user, and the redirects stop leading to a deleted page', async () => {
      const userId = randomUUID();
      const created = await createProfile(userId);
      const stolen = await update(randomUUID(), created.id, { urlSlug: newSlug() });
      expect(stolen.err).toMatchObject({ status: 403 });
      const to = newSlug();
      await ok<Profile>(PROFILES.profile.update, { userId, profileId: created.id, changes: { urlSlug: to } });
      await ok(PROFILES.profile.delete, { userId, profileId: created.id });
      for (const slug of [created.urlSlug, to]) {
        expect((await call(PROFILES.profile.getBySlug, { slug })).err).toMatchObject({ status: 404 });
      }
      // Held for a while once the page is gone (its posters point there): see slug-redirects.int-spec.
      expect(await ok(PROFILES.slug.availability, { slug: created.urlSlug })).toMatchObject({ available: false });
    });
  });

  describe('deleting a page', () => {
    it('removes it with its challenges and encouragement, for the owner only, and tells the others', async () => {
      const userId = randomUUID();
      const created = await createProfile(userId);
      await ok(PROFILES.encouragement.create, {
        runnerProfileId: created.id,
        senderName: 'Mum',
        message: 'Go Jane!',
      });
      const other = await call(PROFILES.profile.delete, { userId: randomUUID(), profileId: created.id });
      expect(other.err).toMatchObject({ status: 403 });

      expect(await ok(PROFILES.profile.delete, { userId, profileId: created.id })).toEqual({ success: true });
      const counts = await db.query(
        `SELECT (SELECT count(*) FROM profiles.fundraising_challenges WHERE runner_profile_id = $1)::int AS challenges,
                (SELECT count(*) FROM profiles.encouragements WHERE runner_profile_id = $1)::int AS encouragements`,
        [created.id],
      );
      expect(counts.rows[0]).toEqual({ challenges: 0, encouragements: 0 });
      expect((await call(PROFILES.profile.getBySlug, { slug: created.urlSlug })).err?.status).toBe(404);
      expect(await outboxFor(PROFILES_EVENTS.profileDeleted.type, created.id)).toEqual([
        { profileId: created.id, userId, urlSlug: created.urlSlug },
      ]);
      await eventually(async () => expect(announcedFor(created.id)).toHaveLength(1));

      const again = await call(PROFILES.profile.delete, { userId, profileId: created.id });
      expect(again.err).toMatchObject({ status: 404, message: 'Runner profile not found' });
    });
  });

  describe("the owner's pages", () => {
    it('lists them newest first as summaries and gives the newest slug to its owner only', async () => {
      const userId = randomUUID();
      const first = await createProfile(userId);
      const second = await createProfile(userId, { name: 'Jane again' });
      await createProfile(randomUUID());
      const list = await ok<unknown[]>(PROFILES.profile.listOwn, { userId });
      expect(list).toEqual([
        {
          id: second.id,
          name: 'Jane again',
          urlSlug: second.urlSlug,
          marathonName: 'Chicago Marathon',
          marathonDate: '2027-10-10',
          description: 'Running for the kids.',
          fundsRaised: '0.00',
          fundraisingGoal: '0.00',
          fundraisingCurrency: 'USD',
          published: false,
        },
        expect.objectContaining({ id: first.id }),
      ]);

      expect(await ok(PROFILES.profile.latestSlug, { userId, requestedUserId: userId })).toEqual({
        slug: second.urlSlug,
      });
      expect(await ok(PROFILES.profile.latestSlug, { userId })).toEqual({ slug: second.urlSlug });
      const someoneElse = await call(PROFILES.profile.latestSlug, { userId, requestedUserId: randomUUID() });
      expect(someoneElse.err).toMatchObject({ status: 403 });
      const none = await call(PROFILES.profile.latestSlug, { userId: randomUUID() });
      expect(none.err).toMatchObject({ status: 404 });
      expect(await ok(PROFILES.profile.listOwn, { userId: randomUUID() })).toEqual([]);
    });
  });

  describe('challenges', () => {
    it('adds a challenge last, edits and deletes it, for the owner only, announcing each change', async () => {
      const userId = randomUUID();
      const profile = await createProfile(userId);
      const added = await ok<Challenge>(PROFILES.challenge.create, {
        userId,
        challenge: { runnerProfileId: profile.id, amount: '99.99', description: 'Beer mile', isExclusive: true },
      });
      expect(added).toMatchObject({ runnerProfileId: profile.id, amount: 99.99, position: 3, isExclusive: true });

      const edited = await ok<Challenge>(PROFILES.challenge.update, {
        userId,
        challengeId: added.id,
        challenge: { amount: 100, description: 'Beer mile, with photos' },
      });
      expect(edited).toEqual({ ...added, amount: 100, description: 'Beer mile, with photos', isExclusive: false });
      expect((await getBySlug(profile.urlSlug)).fundraisingChallenges.at(-1)).toEqual(edited);

      const intruder = randomUUID();
      for (const [pattern, data] of [
        [
          PROFILES.challenge.create,
          { userId: intruder, challenge: { runnerProfileId: profile.id, amount: 1, description: 'x' } },
        ],
        [
          PROFILES.challenge.update,
          { userId: intruder, challengeId: added.id, challenge: { amount: 1, description: 'x' } },
        ],
        [PROFILES.challenge.delete, { userId: intruder, challengeId: added.id }],
      ] as const) {
        expect((await call(pattern, data)).err).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      }

      expect(await ok(PROFILES.challenge.delete, { userId, challengeId: added.id })).toEqual(edited);
      expect((await getBySlug(profile.urlSlug)).fundraisingChallenges).toEqual(profile.fundraisingChallenges);
      const gone = await call(PROFILES.challenge.delete, { userId, challengeId: added.id });
      expect(gone.err).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Challenge not found' });
      const noPage = await call(PROFILES.challenge.create, {
        userId,
        challenge: { runnerProfileId: randomUUID(), amount: 1, description: 'x' },
      });
      expect(noPage.err).toMatchObject({ status: 404, message: 'Runner profile not found' });
      await eventually(async () => expect(announcedFor(profile.id)).toHaveLength(3));
    });

    it.each([
      ['more than 10000', { amount: 10000.01, description: 'x' }, 'The amount must be between 0 and 10000'],
      ['a negative amount', { amount: -1, description: 'x' }, 'The amount must be between 0 and 10000'],
      ['three decimals', { amount: 1.005, description: 'x' }, 'The amount can have at most 2 decimals'],
      ['an empty amount', { amount: '', description: 'x' }, 'Please fill in all fields'],
      ['a blank description', { amount: 5, description: ' ' }, 'Please fill in all fields'],
      [
        'a 501-character description',
        { amount: 5, description: 'x'.repeat(501) },
        'The description can be at most 500 characters',
      ],
    ])('refuses %s with 400 and the rule it breaks', async (_label, challenge, message) => {
      const userId = randomUUID();
      const profile = await createProfile(userId, { challenges: [] });
      const reply = await call(PROFILES.challenge.create, {
        userId,
        challenge: { runnerProfileId: profile.id, ...challenge },
      });
      expect(reply.err).toEqual({ status: 400, code: 'VALIDATION_FAILED', message });
    });

    it('accepts 0 and 10000 exactly', async () => {
      const userId = randomUUID();
      const profile = await createProfile(userId, { challenges: [] });
      for (const amount of [0, 10000]) {
        const added = await ok<Challenge>(PROFILES.challenge.create, {
          userId,
          challenge: { runnerProfileId: profile.id, amount, description: `${amount}` },
        });
        expect(added.amount).toBe(amount);
      }
    });

    it('reorders on the owner’s word when the order lists exactly the page’s challenges', async () => {
      const userId = randomUUID();
      const profile = await createProfile(userId);
      const [a, b, c] = profile.fundraisingChallenges.map((ch) => ch.id);
      const reordered = await ok<Challenge[]>(PROFILES.profile.reorderChallenges, {
        userId,
        profileId: profile.id,
        order: { challengeIds: [c, a, b] },
      });
      expect(reordered.map((ch) => [ch.id, ch.position])).toEqual([
        [c, 0],
        [a, 1],
        [b, 2],
      ]);
      expect((await getBySlug(profile.urlSlug)).fundraisingChallenges.map((ch) => ch.id)).toEqual([c, a, b]);

      const mismatch = "The new order must list each of the page's challenges exactly once";
      for (const challengeIds of [
        [c, a],
        [c, a, a],
        [c, a, b, randomUUID()],
        [c, a, randomUUID()],
      ]) {
        const reply = await call(PROFILES.profile.reorderChallenges, {
          userId,
          profileId: profile.id,
          order: { challengeIds },
        });
        expect(reply.err).toMatchObject({ status: 400, message: mismatch });
      }
      const other = await call(PROFILES.profile.reorderChallenges, {
        userId: randomUUID(),
        profileId: profile.id,
        order: { challengeIds: [a, b, c] },
      });
      expect(other.err).toMatchObject({ status: 403 });
    });
  });

  describe('encouragement', () => {
    it('stores messages from anyone and shows them to the owner only, newest first', async () => {
      const userId = randomUUID();
      const profile = await createProfile(userId);
      await ok(PROFILES.encouragement.create, { runnerProfileId: profile.id, senderName: 'Ann', message: 'First' });
      await ok(PROFILES.encouragement.create, { runnerProfileId: profile.id, senderName: 'Bob', message: 'Second' });
      const list = await ok<{ senderName: string; message: string }[]>(PROFILES.encouragement.list, {
        userId,
        profileId: profile.id,
      });
      expect(list.map((e) => [e.senderName, e.message])).toEqual([
        ['Bob', 'Second'],
        ['Ann', 'First'],
      ]);
      const other = await call(PROFILES.encouragement.list, { userId: randomUUID(), profileId: profile.id });
      expect(other.err).toMatchObject({ status: 403 });
    });

    it('needs both name and message, and an existing page', async () => {
      const profile = await createProfile(randomUUID());
      for (const body of [
        { runnerProfileId: profile.id, senderName: '', message: 'Go' },
        { runnerProfileId: profile.id, senderName: 'Ann' },
      ]) {
        expect((await call(PROFILES.encouragement.create, body)).err).toEqual({
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Both name and message are required',
        });
      }
      const missing = await call(PROFILES.encouragement.create, {
        runnerProfileId: randomUUID(),
        senderName: 'Ann',
        message: 'Go',
      });
      expect(missing.err).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Runner profile not found' });
    });
  });

  describe('slug availability', () => {
    it('tells free, taken, reserved and malformed slugs apart', async () => {
      const { urlSlug } = await createProfile(randomUUID());
      expect(await ok(PROFILES.slug.availability, { slug: 'free-slug-123' })).toEqual({
        slug: 'free-slug-123',
        available: true,
      });
      expect(await ok(PROFILES.slug.availability, { slug: urlSlug })).toEqual({
        slug: urlSlug,
        available: false,
        message: SLUG_TAKEN_MESSAGE,
      });
      expect(await ok(PROFILES.slug.availability, { slug: 'login' })).toMatchObject({
        available: false,
        message: 'This page address is reserved. Please choose another.',
      });
      expect(await ok(PROFILES.slug.availability, { slug: 'Bad Slug' })).toMatchObject({ available: false });
      expect(await ok(PROFILES.slug.availability, { slug: '' })).toMatchObject({
        available: false,
        message: 'Please choose a page address',
      });
    });
  });
});
