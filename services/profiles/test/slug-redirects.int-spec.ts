import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { jetstream } from '@nats-io/jetstream';
import {
  FORMER_ADDRESSES,
  IDENTITY_EVENTS,
  PROFILES,
  SLUG_TAKEN_MESSAGE,
  type Profile,
  type PublicProfileView,
  type SlugAvailability,
} from '@runpledge/contracts';
import { bootstrapService, eventSubject } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventually, natsRequester, SAMPLE_RUNNER } from '../../../scripts/jest/helpers.mjs';
import { AppModule } from '../src/app.module.js';

jest.setTimeout(60_000);

type Reply<T> = { response?: T; err?: { status: number; code: string; message: string } };

let slugCounter = 0;
const newSlug = () => `former-${Date.now().toString(36)}-${(slugCounter += 1)}`;

const profileBody = (urlSlug: string) => ({
  urlSlug,
  ...SAMPLE_RUNNER,
  donationPlatform: 'other',
  charityLink: 'https://charity.example.org/donate',
  challenges: [],
});

describe('former addresses: five per page, a year each; a deleted page or account holds its addresses for a while', () => {
  let service: INestMicroservice;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let db: pg.Pool;

  const call = <T>(pattern: string, data: unknown) => nats.request(pattern, data) as Promise<Reply<T>>;
  async function ok<T>(pattern: string, data: unknown): Promise<T> {
    const reply = await call<T>(pattern, data);
    if (reply.err) throw new Error(`${pattern}: ${reply.err.status} ${reply.err.message}`);
    return reply.response as T;
  }
  const createPage = (userId: string, slug = newSlug()) =>
    ok<Profile>(PROFILES.profile.create, { userId, profile: profileBody(slug) });
  const move = (page: Profile, urlSlug: string) =>
    ok<Profile>(PROFILES.profile.update, { userId: page.userId, profileId: page.id, changes: { urlSlug } });
  const pageAt = async (slug: string) => {
    const reply = await call<PublicProfileView>(PROFILES.profile.getBySlug, { slug });
    return reply.err ? reply.err.status : reply.response!.id;
  };
  const available = async (slug: string) =>
    (await ok<SlugAvailability>(PROFILES.slug.availability, { slug })).available;
  /** How long the address is kept, in days, as stored. */
  const keptForDays = async (slug: string) =>
    (
      await db.query<{ days: number }>(
        `SELECT extract(epoch FROM expires_at - created_at)::float / 86400 AS days
         FROM profiles.slug_redirects WHERE old_slug = $1`,
        [slug],
      )
    ).rows[0]?.days;
  /** Moves the address's end to just past, as if its time had run out. */
  const expire = (slug: string) =>
    db.query(`UPDATE profiles.slug_redirects SET expires_at = now() - interval '1 second' WHERE old_slug = $1`, [slug]);

  beforeAll(async () => {
    service = await bootstrapService('profiles', AppModule);
    nats = await natsRequester();
    db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  });

  afterAll(async () => {
    await nats?.close();
    await db?.end();
    await service?.close();
  });

  it(`keeps a page's ${FORMER_ADDRESSES.keptPerPage} most recent former addresses; an older one is free again`, async () => {
    const first = newSlug();
    let page = await createPage(randomUUID(), first);
    const addresses = [first];
    for (let i = 0; i <= FORMER_ADDRESSES.keptPerPage; i += 1) {
      const next = newSlug();
      page = await move(page, next);
      addresses.push(next);
    }
    const current = addresses.at(-1)!;
    const former = addresses.slice(0, -1);
    const kept = former.slice(-FORMER_ADDRESSES.keptPerPage);

    expect(await pageAt(current)).toBe(page.id);
    for (const slug of kept) expect([slug, await pageAt(slug)]).toEqual([slug, page.id]);
    // The oldest went: it no longer leads to the page and another runner may take it.
    expect(await pageAt(first)).toBe(404);
    expect(await available(first)).toBe(true);
    const other = await createPage(randomUUID(), first);
    expect(await pageAt(first)).toBe(other.id);
  });

  it(`keeps a former address for ${FORMER_ADDRESSES.keptForDays} days, then frees it`, async () => {
    const first = newSlug();
    const page = await createPage(randomUUID(), first);
    await move(page, newSlug());
    expect(await keptForDays(first)).toBeCloseTo(FORMER_ADDRESSES.keptForDays, 3);
    expect(await pageAt(first)).toBe(page.id);

    await expire(first);
    expect(await pageAt(first)).toBe(404);
    expect(await available(first)).toBe(true);
    const other = await createPage(randomUUID(), first);
    expect(await pageAt(first)).toBe(other.id);
    // Moving away again, the new page keeps it as its own former address (the expired one replaced).
    await move(other, newSlug());
    expect(await pageAt(first)).toBe(other.id);
  });

  it(`holds a deleted page's address and former addresses from other runners for ${FORMER_ADDRESSES.heldAfterDeletionDays} days`, async () => {
    const userId = randomUUID();
    const first = newSlug();
    const page = await createPage(userId, first);
    const second = newSlug();
    await move(page, second);
    await ok(PROFILES.profile.delete, { userId, profileId: page.id });

    for (const slug of [first, second]) {
      expect([slug, await pageAt(slug)]).toEqual([slug, 404]);
      expect([slug, await available(slug)]).toEqual([slug, false]);
      const taken = await call(PROFILES.profile.create, { userId: randomUUID(), profile: profileBody(slug) });
      expect([slug, taken.err]).toEqual([slug, { status: 409, code: 'CONFLICT', message: SLUG_TAKEN_MESSAGE }]);
      const someone = await createPage(randomUUID());
      const movedOnto = await call(PROFILES.profile.update, {
        userId: someone.userId,
        profileId: someone.id,
        changes: { urlSlug: slug },
      });
      expect([slug, movedOnto.err]).toEqual([slug, { status: 409, code: 'CONFLICT', message: SLUG_TAKEN_MESSAGE }]);
      expect(await keptForDays(slug)).toBeCloseTo(FORMER_ADDRESSES.heldAfterDeletionDays, 3);
    }

    // Once the hold ends, the address is free.
    await expire(first);
    expect(await available(first)).toBe(true);
    const next = await createPage(randomUUID(), first);
    expect(await pageAt(first)).toBe(next.id);
  });

  it(`holds a deleted account's page addresses (current and former) from other runners for ${FORMER_ADDRESSES.heldAfterDeletionDays} days`, async () => {
    const userId = randomUUID();
    const first = newSlug();
    const page = await createPage(userId, first);
    const second = newSlug();
    await move(page, second);
    expect(await pageAt(first)).toBe(page.id);

    // Identity's event, as its outbox publishes it when the account is deleted.
    const deleted = IDENTITY_EVENTS.userDeleted.type;
    const envelope = {
      id: randomUUID(),
      type: deleted,
      occurredAt: new Date().toISOString(),
      payload: { userId, deletedAt: new Date().toISOString() },
    };
    await jetstream(nats.nc).publish(eventSubject(deleted), JSON.stringify(envelope));
    await eventually(async () => expect(await pageAt(second)).toBe(404), { timeoutMs: 15_000 });

    for (const slug of [first, second]) {
      expect([slug, await pageAt(slug)]).toEqual([slug, 404]);
      expect([slug, await available(slug)]).toEqual([slug, false]);
      const taken = await call(PROFILES.profile.create, { userId: randomUUID(), profile: profileBody(slug) });
      expect([slug, taken.err]).toEqual([slug, { status: 409, code: 'CONFLICT', message: SLUG_TAKEN_MESSAGE }]);
      expect(await keptForDays(slug)).toBeCloseTo(FORMER_ADDRESSES.heldAfterDeletionDays, 3);
    }
  });
});
