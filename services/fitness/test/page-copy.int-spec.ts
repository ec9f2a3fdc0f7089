// Issue 19: a page that moves to a new slug is found by its new one in fitness too (the Strava
// authorize URL names pages by slug), whatever order profiles' events arrive in.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import { PROFILES_EVENTS } from '@runpledge/contracts';
import { eventSubject } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import { eventually, natsRequester } from '../../../scripts/jest/helpers.mjs';
import { startFitnessHarness, type FitnessHarness } from './fitness-harness.js';

describe("fitness's copy of a page follows its slug", () => {
  let h: FitnessHarness;
  let nats: Awaited<ReturnType<typeof natsRequester>>;

  beforeAll(async () => {
    h = await startFitnessHarness();
    nats = await natsRequester();
  }, 60_000);

  afterAll(async () => {
    await nats?.close();
    await h?.close();
  });

  const announce = async (type: string, payload: { profileId: string; userId: string; urlSlug: string }) => {
    const id = randomUUID();
    const envelope = { id, type, occurredAt: new Date().toISOString(), payload };
    await jetstream(nats.nc).publish(eventSubject(type), JSON.stringify(envelope), { msgID: id });
  };
  const slugOf = async (profileId: string) =>
    (await h.db.query('SELECT url_slug FROM fitness.fitness_profiles WHERE profile_id = $1', [profileId])).rows[0]
      ?.url_slug as string | undefined;

  it('takes the new slug, and a late "created" with the old one does not undo it', async () => {
    const page = await h.newRunner();
    const moved = { ...page, urlSlug: `moved-${page.profileId.slice(0, 8)}` };
    await announce(PROFILES_EVENTS.slugChanged.type, moved);
    await eventually(async () => expect(await slugOf(page.profileId)).toBe(moved.urlSlug));

    await announce(PROFILES_EVENTS.profileCreated.type, page);
    // The late event is handled (a marker event after it on the same consumer proves it)…
    const marker = await h.newRunner();
    expect(await slugOf(marker.profileId)).toBe(marker.urlSlug);
    // …and the copy keeps the newer slug.
    expect(await slugOf(page.profileId)).toBe(moved.urlSlug);
  });

  it('copies a page first heard of by its move', async () => {
    const page = { profileId: randomUUID(), userId: randomUUID(), urlSlug: `first-${Date.now().toString(36)}` };
    await announce(PROFILES_EVENTS.slugChanged.type, page);
    await eventually(async () => expect(await slugOf(page.profileId)).toBe(page.urlSlug));
  });
});
