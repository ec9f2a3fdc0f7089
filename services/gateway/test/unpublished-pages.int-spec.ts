// Issue 13 item 4: an unpublished page answers 404 on every public read to everyone but its owner.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { createPage, grantAccess, signUp } from './support/stack-users.js';

describe('unpublished runner pages are 404 on every public read but to their owner', () => {
  let stack: Stack;
  let nc: NatsConnection;

  const get = async (path: string, cookie?: string) => {
    const res = await fetch(`${stack.url}${path}`, { headers: cookie ? { cookie } : {} });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // HTML or an image
    }
    return { status: res.status, body, text };
  };
  const publicReads = (page: { id: string; urlSlug: string }, userId: string) => [
    `/api/runner-profile/${page.urlSlug}`,
    `/api/runner-profile/${page.urlSlug.toUpperCase()}`,
    `/api/activities?userId=${userId}`,
    `/api/training-stats/${page.id}`,
    `/api/fitness-profile/${page.id}`,
    `/api/runner-profile/${page.urlSlug}/og-image.png`,
  ];

  beforeAll(async () => {
    stack = await startGatewayStack();
    nc = await connect({ servers: process.env.NATS_URL });
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await nc?.close();
    await stack?.stop();
  });

  it('answers 404 to visitors and other users, serves the owner, and opens up once published', async () => {
    const runner = await signUp(stack.url);
    // Another runner with an unpublished page of their own: owning a page opens no one else's.
    const other = await signUp(stack.url);
    const otherPage = await createPage(stack.url, other.cookie, { name: 'Other Olga Unpublished' });
    const page = await createPage(stack.url, runner.cookie, { name: 'Secret Sally Unpublished' });
    // Fitness learns of the pages by event; their reads must not be 404 merely for being early.
    await eventually(async () => {
      for (const [id, cookie] of [
        [page.id, runner.cookie],
        [otherPage.id, other.cookie],
      ] as const) {
        expect((await get(`/api/training-stats/${id}`, cookie)).status).toBe(200);
      }
    });

    for (const path of publicReads(page, runner.id)) {
      for (const cookie of [undefined, other.cookie]) {
        const res = await get(path, cookie);
        expect([path, cookie ? 'other user' : 'visitor', res.status]).toEqual([
          path,
          cookie ? 'other user' : 'visitor',
          404,
        ]);
      }
    }
    // The page's HTML tells a visitor nothing about it.
    const html = await get(`/${page.urlSlug}`);
    expect(html.text).not.toContain('Secret Sally Unpublished');
    expect(html.text).not.toContain(runner.id);

    // The owner sees it all, with `published: false` for the app's "not published yet" notice.
    const own = await get(`/api/runner-profile/${page.urlSlug}`, runner.cookie);
    expect(own).toMatchObject({ status: 200, body: { profile: { published: false, isOwner: true } } });
    for (const path of publicReads(page, runner.id).slice(2, 5)) {
      expect([path, (await get(path, runner.cookie)).status]).toEqual([path, 200]);
    }
    expect((await get(`/api/fitness-profile/${page.id}`, runner.cookie)).body).toEqual({
      stravaConnected: false,
      trainingStartDate: null,
      needsReconnect: false,
      lastSyncedAt: null,
      publicDisplayConsent: false,
    });
    expect((await get(`/api/fitness-profile/${otherPage.id}`, runner.cookie)).status).toBe(404);

    await grantAccess(nc, runner.id);
    await eventually(async () => expect((await get(`/api/runner-profile/${page.urlSlug}`)).status).toBe(200), {
      timeoutMs: 10_000,
    });
    for (const path of publicReads(page, runner.id).slice(2, 5)) {
      expect([path, (await get(path)).status]).toEqual([path, 200]);
    }
  });

  it('answers 404 again as soon as a page read publicly is unpublished (the published-pages cache follows profiles)', async () => {
    const runner = await signUp(stack.url);
    const page = await createPage(stack.url, runner.cookie, { name: 'Brief Bob' });
    await grantAccess(nc, runner.id);
    const reads = [
      `/api/fitness-profile/${page.id}`,
      `/api/training-stats/${page.id}`,
      `/api/activities?profileId=${page.id}`,
    ];
    // Published: visitors read it (and the gateway now knows the page is public).
    await eventually(async () => {
      for (const path of reads) expect([path, (await get(path)).status]).toEqual([path, 200]);
    });
    for (const path of reads) expect([path, (await get(path)).status]).toEqual([path, 200]);

    // Access ends: profiles announces the change and every public read is 404 again, long before
    // the cache's 30 s safety TTL.
    await grantAccess(nc, runner.id, 'canceled');
    await eventually(
      async () => {
        for (const path of reads) expect([path, (await get(path)).status]).toEqual([path, 404]);
      },
      { timeoutMs: 10_000 },
    );
    // The owner still sees it.
    for (const path of reads) expect([path, (await get(path, runner.cookie)).status]).toEqual([path, 200]);
  });

  it('answers 404 for page ids that do not exist', async () => {
    const unknown = randomUUID();
    expect((await get(`/api/fitness-profile/${unknown}`)).status).toBe(404);
    expect((await get(`/api/training-stats/${unknown}`)).status).toBe(404);
    expect((await get(`/api/activities?userId=${unknown}`)).status).toBe(404);
  });
});
