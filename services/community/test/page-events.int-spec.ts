// A page's event, with profiles and community both running: a typed race finds or makes its event
// (the page then reads the event's name and date), a race chosen from the directory is validated by
// community, a race already run is refused for a new page, and the page's public view names its event.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { COMMUNITY, PROFILES, type Profile, type PublicProfileView } from '@runpledge/contracts';
import { bootstrapService } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { eventually, natsRequester, SAMPLE_RUNNER } from '../../../scripts/jest/helpers.mjs';
import { EventAdmin } from '../src/events/event-admin.js';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("a page's event", () => {
  let profiles: INestMicroservice;
  let community: INestMicroservice;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let db: pg.Client;
  let admin: EventAdmin;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    Object.assign(process.env, { REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'rp:'}${randomUUID().slice(0, 8)}:` });
    const { AppModule: ProfilesModule } = await import('../../profiles/src/app.module.js');
    const { AppModule: CommunityModule } = await import('../src/app.module.js');
    profiles = await bootstrapService('profiles', ProfilesModule);
    community = await bootstrapService('community', CommunityModule);
    nats = await natsRequester();
    admin = new EventAdmin(community.get(DataSource));
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  }, 90_000);

  afterAll(async () => {
    await db?.end();
    await nats?.close();
    await community?.close();
    await profiles?.close();
    process.env = savedEnv;
  });

  type Reply<T> = { response?: T; err?: { code: string; message: string } };
  const createPage = async (fields: Record<string, unknown>) =>
    (await nats.request(PROFILES.profile.create, {
      userId: randomUUID(),
      profile: {
        urlSlug: `ev-${randomUUID().slice(0, 8)}`,
        ...SAMPLE_RUNNER,
        donationPlatform: 'other',
        charityLink: 'https://charity.example.org/donate',
        challenges: [],
        ...fields,
      },
    })) as Reply<Profile>;
  const view = async (slug: string) =>
    ((await nats.request(PROFILES.profile.getBySlug, { slug })) as Reply<PublicProfileView>).response!;

  it('gives a typed race its event, the same for the same race typed differently, and shows it on the page', async () => {
    const date = inDays(180);
    const first = await createPage({ marathonName: 'TCS London Marathon', marathonDate: date });
    expect(first.err).toBeUndefined();
    const second = await createPage({ marathonName: 'london marathon 2027', marathonDate: date });
    expect(second.response!.marathonName).toBe('TCS London Marathon');
    const shown = await view(second.response!.urlSlug);
    expect(shown.event).toEqual({
      slug: expect.stringMatching(/^tcs-london-marathon-\d{4}(-\d+)?$/),
      name: 'TCS London Marathon',
      date,
    });
    expect((await view(first.response!.urlSlug)).event).toEqual(shown.event);
  });

  it('takes a race chosen from the directory, its name and date replacing the typed ones', async () => {
    const date = inDays(220);
    const chosen = (
      (await nats.request(COMMUNITY.events.resolve, {
        name: 'Berlin Marathon',
        date,
        timeZone: 'Europe/Berlin',
        forNewPage: true,
      })) as Reply<{
        event: { id: string; slug: string };
      }>
    ).response!.event;
    const page = await createPage({ eventId: chosen.id, marathonName: 'whatever', marathonDate: inDays(10) });
    expect(page.response).toMatchObject({ marathonName: 'Berlin Marathon', marathonDate: date });
    expect((await view(page.response!.urlSlug)).event).toEqual({ slug: chosen.slug, name: 'Berlin Marathon', date });
    const unknown = await createPage({ eventId: randomUUID() });
    expect(unknown.err).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/choose a marathon/) });
  });

  it('refuses a race already run for a new page, and lets an edit change the race', async () => {
    const past = await createPage({ marathonName: 'Old Town Marathon', marathonDate: '2021-05-02' });
    expect(past.err).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/already taken place/) });
    const page = (await createPage({ marathonName: 'Edit City Marathon', marathonDate: inDays(60) })).response!;
    const edited = (await nats.request(PROFILES.profile.update, {
      userId: page.userId,
      profileId: page.id,
      changes: { marathonName: 'Other Edit Marathon' },
    })) as Reply<Profile>;
    expect(edited.response!.marathonName).toBe('Other Edit Marathon');
    expect((await view(page.urlSlug)).event).toMatchObject({
      name: 'Other Edit Marathon',
      slug: expect.stringMatching(/^other-edit-marathon-/),
    });
  });

  type EventPage = {
    event: { slug: string; runnerCount: number; verified: boolean; timeZone: string };
    runners: { pageSlug: string }[];
  };
  const eventPage = async (slug: string) =>
    ((await nats.request(COMMUNITY.events.getBySlug, { slug, query: { by: 'raised', page: 1 } })) as Reply<EventPage>)
      .response!;
  const counted = async (profileId: string) =>
    (
      await db.query(`SELECT group_id FROM community.standing_members WHERE group_kind = 'event' AND profile_id = $1`, [
        profileId,
      ])
    ).rows.map((r) => r.group_id as string);

  it('merges a duplicate into its event and verifies it: the pages follow, and none is left pointing nowhere', async () => {
    const date = inDays(240);
    const a = (await createPage({ marathonName: 'Dupeville City Marathon', marathonDate: date })).response!;
    const b = (await createPage({ marathonName: 'Marathon of Dupeville', marathonDate: date })).response!;
    const from = (await view(b.urlSlug)).event!;
    const into = (await view(a.urlSlug)).event!;
    expect(from.slug).not.toBe(into.slug);
    await eventually(async () => expect((await counted(b.id)).length).toBe(1));
    await expect(admin.merge(from.slug, from.slug)).rejects.toThrow(/itself/);
    expect(await admin.merge(from.slug, into.slug)).toEqual({ pages: 1, into: into.slug });
    await expect(admin.merge(from.slug, into.slug)).rejects.toThrow(/already merged/);
    // Profiles applies the change: the page names the event it went into.
    await eventually(async () => expect((await view(b.urlSlug)).event).toEqual(into));
    const [intoId] = await counted(a.id);
    expect(await counted(b.id)).toEqual([intoId]);
    // The old address still leads to the event, and the old id resolves to it for a new page.
    expect((await eventPage(from.slug)).event.slug).toBe(into.slug);
    const dangling = await db.query(
      `SELECT p.id FROM profiles.runner_profiles p LEFT JOIN community.events e ON e.id = p.event_id AND e.merged_into IS NULL
        WHERE p.event_id IS NOT NULL AND e.id IS NULL AND p.id = ANY($1::uuid[])`,
      [[a.id, b.id]],
    );
    expect(dangling.rows).toEqual([]);
    const verified = await admin.verify(into.slug, { timeZone: 'America/Chicago', city: 'Dupeville' });
    expect(verified).toMatchObject({ verified: true, timeZone: 'America/Chicago' });
    await eventually(async () =>
      expect(
        (await db.query(`SELECT race_time_zone FROM profiles.runner_profiles WHERE id = $1`, [b.id])).rows[0],
      ).toEqual({
        race_time_zone: 'America/Chicago',
      }),
    );
    const found = (await nats.request(COMMUNITY.events.list, {
      query: { query: 'dupeville', page: 1, from: date },
    })) as Reply<{ events: { slug: string; city: string }[] }>;
    expect(found.response!.events).toEqual([expect.objectContaining({ slug: into.slug, city: 'Dupeville' })]);
  });

  it('gives every page existing before events the event of its race, grouping equal names and dates, once', async () => {
    const date = inDays(300);
    const names = ['Legacy Lakes Marathon', 'legacy lakes marathon 2027', 'LEGACY-LAKES', 'Other Legacy Race'];
    const pages = [];
    for (const marathonName of names) pages.push((await createPage({ marathonName, marathonDate: date })).response!);
    const ids = pages.map((p) => p.id);
    await eventually(async () => {
      for (const id of ids) expect((await counted(id)).length).toBe(1);
    });
    // As before events: the pages name their race as typed, and no event.
    await db.query(
      `DELETE FROM community.standing_members WHERE group_kind = 'event' AND profile_id = ANY($1::uuid[])`,
      [ids],
    );
    await db.query(
      `UPDATE community.standings SET member_count = 0, donors = 0, raised = 0, meters = 0 WHERE group_kind = 'event' AND group_id IN (SELECT id FROM community.events WHERE date = $1)`,
      [date],
    );
    await db.query(`DELETE FROM community.events WHERE date = $1`, [date]);
    for (const [i, page] of pages.entries()) {
      await db.query(`UPDATE community.pages SET event_id = NULL, marathon_name = $2 WHERE profile_id = $1`, [
        page.id,
        names[i],
      ]);
      await db.query(
        `UPDATE profiles.runner_profiles SET event_id = NULL, event_slug = NULL, race_time_zone = NULL, marathon_name = $2 WHERE id = $1`,
        [page.id, names[i]],
      );
    }
    const first = await admin.assign();
    expect(first.pages).toBeGreaterThanOrEqual(4);
    const events = await db.query(`SELECT id, name FROM community.events WHERE date = $1 ORDER BY name`, [date]);
    expect(events.rows.map((r) => r.name)).toHaveLength(2);
    await eventually(async () => {
      const shown = await Promise.all(pages.map((p) => view(p.urlSlug)));
      expect(shown.map((v) => v.event?.slug ?? null).every((slug) => slug !== null)).toBe(true);
      expect(new Set(shown.slice(0, 3).map((v) => v.event!.slug)).size).toBe(1);
      expect(shown[3]!.event!.slug).not.toBe(shown[0]!.event!.slug);
    });
    for (const id of ids) expect(await counted(id)).toHaveLength(1);
    expect(await admin.assign()).toEqual({ pages: 0, eventsMade: 0 });
  });
});
