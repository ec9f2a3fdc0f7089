// A charity's sums: the pages naming it (by their cards) are its standing's members, kept per
// currency from profiles', fitness's and billing's events, applied once and right whatever order
// or how often the events come; its public page lists only published runners.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import type { INestMicroservice } from '@nestjs/common';
import {
  BILLING_EVENTS,
  CHARITIES,
  CHARITY_ACCESS,
  FITNESS_EVENTS,
  PROFILES_EVENTS,
  type Charity,
  type CharityPageResponse,
} from '@runpledge/contracts';
import { bootstrapService, eventSubject } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import { eventually, natsRequester } from '../../../scripts/jest/helpers.mjs';

type Reply<T> = { response?: T; err?: { status: number; code: string; message: string } };

describe("a charity's sums and public page", () => {
  let service: INestMicroservice;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    Object.assign(process.env, { REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'rp:'}${randomUUID().slice(0, 8)}:` });
    const { AppModule } = await import('../src/app.module.js');
    service = await bootstrapService('community', AppModule);
    nats = await natsRequester();
  }, 60_000);

  afterAll(async () => {
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
  const newCharity = async () => {
    const slug = `sums-${randomUUID().slice(0, 8)}`;
    const { charity } = await ok<{ charity: Charity }>(CHARITIES.create, {
      userId: randomUUID(),
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
  const page = async (urlSlug: string, charityId: string | null, occurredAt = new Date(), lifetime = true) => {
    const profileId = randomUUID();
    const userId = randomUUID();
    if (lifetime)
      await announce(BILLING_EVENTS.subscriptionChanged.type, { userId, status: 'lifetime', currentPeriodEnd: null });
    const card = (charity: string | null) => ({
      profileId,
      userId,
      urlSlug,
      name: `Runner ${urlSlug}`,
      marathonName: 'Chicago Marathon',
      marathonDate: '2031-10-12',
      platform: 'manual',
      charityId: charity,
      eventId: null,
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
});
