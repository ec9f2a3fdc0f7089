// A page's event, with profiles and community both running: a typed race finds or makes its event
// (the page then reads the event's name and date), a race chosen from the directory is validated by
// community, a race already run is refused for a new page, and the page's public view names its event.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { COMMUNITY, PROFILES, type Profile, type PublicProfileView } from '@runpledge/contracts';
import { bootstrapService } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import { natsRequester, SAMPLE_RUNNER } from '../../../scripts/jest/helpers.mjs';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("a page's event", () => {
  let profiles: INestMicroservice;
  let community: INestMicroservice;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    Object.assign(process.env, { REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'rp:'}${randomUUID().slice(0, 8)}:` });
    const { AppModule: ProfilesModule } = await import('../../profiles/src/app.module.js');
    const { AppModule: CommunityModule } = await import('../src/app.module.js');
    profiles = await bootstrapService('profiles', ProfilesModule);
    community = await bootstrapService('community', CommunityModule);
    nats = await natsRequester();
  }, 90_000);

  afterAll(async () => {
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
      slug: expect.stringMatching(/^tcs-london-marathon-\d{4}$/),
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
});
