import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { SLUG_TAKEN_MESSAGE, type Challenge, type ProfileView } from '@runpledge/contracts';
import { randomUUID } from 'node:crypto';
import { eventually, freePort, signUpRunner } from '../../../scripts/jest/helpers.mjs';
import { startProcess, waitForReady } from '../../../scripts/lib/stack.mjs';
import { startGatewayStack, type Stack } from './support/gateway-stack.js';
import { newSlug, pageBody } from './support/api-client.js';
import { grantAccess } from './support/stack-users.js';

// Room for a busy shared machine: events and cross-replica announcements are waited for.
jest.setTimeout(30_000);

// Bodies are whatever the gateway answered; the assertions check their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
interface Response<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

/** Encouragement budget per IP in this stack: small, so the limit can be reached. */
const PUBLIC_WRITES_PER_IP = 5;
/** "Refresh totals" budget per page per minute in this stack. */
const TOTALS_REFRESHES_PER_MINUTE = 2;

const profileBody = (overrides: Record<string, unknown> = {}) =>
  pageBody({
    challenges: [
      { amount: 25, description: 'Pick a song' },
      { amount: 250, description: 'Banana suit', isExclusive: true },
    ],
    ...overrides,
  });

describe('profiles routes through the gateway', () => {
  let stack: Stack;
  let replica: ReturnType<typeof startProcess>;
  let replicaUrl: string;
  let nc: NatsConnection;
  let alice: string;
  let bob: string;
  let aliceId: string;

  async function call<T = Json>(
    method: string,
    path: string,
    { body, cookie, base = stack.url }: { body?: unknown; cookie?: string; base?: string } = {},
  ): Promise<Response<T>> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }

  const signUp = () => signUpRunner(stack.url);

  async function createPage(cookie: string, overrides: Record<string, unknown> = {}) {
    const res = await call<{ profile: ProfileView }>('POST', '/api/runner-profile', {
      body: profileBody(overrides),
      cookie,
    });
    expect(res.status).toBe(201);
    return res.body.profile;
  }

  const view = async (slug: string, cookie?: string, base?: string) =>
    (await call<{ profile: ProfileView }>('GET', `/api/runner-profile/${slug}`, { cookie, base })).body.profile;

  beforeAll(async () => {
    // The stack's own rate-limit keys (startStack), though other files' stacks post from the same address.
    stack = await startGatewayStack({
      RATE_LIMIT_PUBLIC_WRITES_PER_IP: String(PUBLIC_WRITES_PER_IP),
      RATE_LIMIT_TOTALS_REFRESH_PER_MINUTE: String(TOTALS_REFRESHES_PER_MINUTE),
    });
    // A second gateway replica: its cache must hear about changes made through the first.
    const port = await freePort();
    replica = startProcess('gateway', { ...stack.env, PORT: String(port) });
    replicaUrl = `http://127.0.0.1:${port}`;
    await waitForReady(replicaUrl, 150_000);
    nc = await connect({ servers: process.env.NATS_URL });
    [{ cookie: alice, id: aliceId }, { cookie: bob }] = await Promise.all([signUp(), signUp()]);
    // Alice's pages are published (an unpublished page is 404 to visitors): the tests read them as visitors.
    await grantAccess(nc, aliceId);
    const probe = await createPage(alice);
    await eventually(async () => expect((await call('GET', `/api/runner-profile/${probe.urlSlug}`)).status).toBe(200), {
      timeoutMs: 10_000,
    });
  }, 330_000);

  afterAll(async () => {
    await nc?.close();
    await replica?.stop();
    await stack?.stop();
  });

  it('asks for a session on every route but the public ones', async () => {
    const id = randomUUID();
    for (const [method, path] of [
      ['POST', '/api/runner-profile'],
      ['PUT', `/api/runner-profile/${id}`],
      ['DELETE', `/api/runner-profile/${id}`],
      ['PUT', `/api/runner-profile/${id}/challenge-order`],
      ['GET', `/api/runner-profile/${id}/encouragements`],
      ['GET', '/api/recent-profiles'],
      ['GET', `/api/user/profile-slug?userId=${id}`],
      ['POST', '/api/fundraising-challenges'],
      ['PUT', `/api/fundraising-challenges/${id}`],
      ['DELETE', `/api/fundraising-challenges/${id}`],
    ]) {
      const res = await call(method!, path!, { body: method === 'DELETE' || method === 'GET' ? undefined : {} });
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
    const free = await call('GET', '/api/slug-availability?slug=free-for-all');
    expect(free).toMatchObject({ status: 200, body: { slug: 'free-for-all', available: true } });
  });

  it('creates a page owned by the session user whatever the body says, and refuses a taken slug', async () => {
    const slug = newSlug();
    const res = await call('POST', '/api/runner-profile', {
      body: { ...profileBody({ urlSlug: slug }), userId: randomUUID() },
      cookie: alice,
    });
    expect(res.status).toBe(201);
    expect(res.body.profile).toMatchObject({ urlSlug: slug, userId: aliceId, fundsRaised: '0.00' });

    const taken = await call('POST', '/api/runner-profile', { body: profileBody({ urlSlug: slug }), cookie: bob });
    expect(taken).toMatchObject({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: SLUG_TAKEN_MESSAGE },
    });
    const reserved = await call('POST', '/api/runner-profile', {
      body: profileBody({ urlSlug: 'payment' }),
      cookie: alice,
    });
    expect(reserved).toMatchObject({
      status: 400,
      body: { message: 'This page address is reserved. Please choose another.' },
    });
    const availability = await call('GET', `/api/slug-availability?slug=${slug}`);
    expect(availability.body).toEqual({ slug, available: false, message: SLUG_TAKEN_MESSAGE });
  });

  it('shows a page to anyone, telling its owner apart, and 404s an unknown one', async () => {
    const created = await createPage(alice);
    const visitor = await view(created.urlSlug);
    // A visitor's view is the page without its owner's user id (issue #13: no internal field).
    const { userId: ownerId, ...page } = created;
    expect(visitor).toMatchObject({ ...page, isOwner: false, published: true });
    expect(visitor).not.toHaveProperty('userId');
    expect(await view(created.urlSlug, alice)).toMatchObject({ userId: ownerId, isOwner: true });
    expect(visitor.fundraisingChallenges.map((c) => c.description)).toEqual(['Pick a song', 'Banana suit']);
    expect((await view(created.urlSlug, alice)).isOwner).toBe(true);
    expect((await view(created.urlSlug, bob)).isOwner).toBe(false);

    for (const slug of ['nobody-has-this', 'Not_A_Slug']) {
      const missing = await call('GET', `/api/runner-profile/${slug}`);
      expect(missing).toMatchObject({
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Runner profile not found' },
      });
    }
  });

  it('lets only the owner edit, and the edit shows at once on this replica and soon on the other', async () => {
    const created = await createPage(alice);
    // Warm both replicas' caches.
    expect((await view(created.urlSlug)).description).toBe('Running for the kids.');
    expect((await view(created.urlSlug, undefined, replicaUrl)).description).toBe('Running for the kids.');

    const forbidden = await call('PUT', `/api/runner-profile/${created.id}`, {
      body: { description: 'Hijacked' },
      cookie: bob,
    });
    expect(forbidden).toMatchObject({ status: 403, body: { statusCode: 403, error: 'Forbidden' } });
    for (const id of [randomUUID(), 'not-an-id']) {
      const missing = await call('PUT', `/api/runner-profile/${id}`, { body: { description: 'x' }, cookie: alice });
      expect(missing).toMatchObject({ status: 404, body: { message: 'Runner profile not found' } });
    }
    const empty = await call('PUT', `/api/runner-profile/${created.id}`, { body: { description: '' }, cookie: alice });
    expect(empty).toMatchObject({ status: 400, body: { message: 'Story cannot be empty' } });

    const updated = await call('PUT', `/api/runner-profile/${created.id}`, {
      body: { description: 'A new story' },
      cookie: alice,
    });
    expect(updated).toMatchObject({ status: 200, body: { profile: { description: 'A new story', name: 'Jane Doe' } } });
    expect((await view(created.urlSlug)).description).toBe('A new story');
    // The other replica hears profiles' announcement within milliseconds; the bound leaves room for a busy machine.
    await eventually(
      async () => expect((await view(created.urlSlug, undefined, replicaUrl)).description).toBe('A new story'),
      { timeoutMs: 3000, intervalMs: 10 },
    );
  });

  it('lets only the owner add, edit, delete and reorder challenges, each change showing at once', async () => {
    const created = await createPage(alice);
    await view(created.urlSlug);
    const add = (cookie: string, body: Record<string, unknown>) =>
      call<{ challenge: Challenge }>('POST', '/api/fundraising-challenges', { body, cookie });

    const added = await add(alice, { runnerProfileId: created.id, amount: 40, description: 'Name on my bib' });
    expect(added).toMatchObject({ status: 201, body: { challenge: { amount: 40, position: 2, isExclusive: false } } });
    const challengeId = added.body.challenge.id;
    expect((await view(created.urlSlug)).fundraisingChallenges.map((c) => c.id)).toContain(challengeId);

    expect((await add(bob, { runnerProfileId: created.id, amount: 1, description: 'x' })).status).toBe(403);
    expect(
      (
        await call('PUT', `/api/fundraising-challenges/${challengeId}`, {
          body: { amount: 1, description: 'x' },
          cookie: bob,
        })
      ).status,
    ).toBe(403);
    expect((await call('DELETE', `/api/fundraising-challenges/${challengeId}`, { cookie: bob })).status).toBe(403);
    const tooMuch = await add(alice, { runnerProfileId: created.id, amount: 10001, description: 'x' });
    expect(tooMuch).toMatchObject({ status: 400, body: { message: 'The amount must be between 0 and 10000' } });

    const edited = await call('PUT', `/api/fundraising-challenges/${challengeId}`, {
      body: { amount: '45.50', description: 'Name on my bib and arm', isExclusive: true },
      cookie: alice,
    });
    expect(edited).toMatchObject({ status: 200, body: { challenge: { amount: 45.5, isExclusive: true } } });
    expect((await view(created.urlSlug)).fundraisingChallenges.at(-1)).toMatchObject({ amount: 45.5 });

    const ids = (await view(created.urlSlug)).fundraisingChallenges.map((c) => c.id);
    const order = [...ids].reverse();
    const forbidden = await call('PUT', `/api/runner-profile/${created.id}/challenge-order`, {
      body: { challengeIds: order },
      cookie: bob,
    });
    expect(forbidden.status).toBe(403);
    const reordered = await call('PUT', `/api/runner-profile/${created.id}/challenge-order`, {
      body: { challengeIds: order },
      cookie: alice,
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.challenges.map((c: Challenge) => c.id)).toEqual(order);
    expect((await view(created.urlSlug)).fundraisingChallenges.map((c) => c.id)).toEqual(order);
    const wrong = await call('PUT', `/api/runner-profile/${created.id}/challenge-order`, {
      body: { challengeIds: order.slice(1) },
      cookie: alice,
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: { message: "The new order must list each of the page's challenges exactly once" },
    });

    const deleted = await call('DELETE', `/api/fundraising-challenges/${challengeId}`, { cookie: alice });
    expect(deleted).toMatchObject({ status: 200, body: { success: true } });
    expect((await view(created.urlSlug)).fundraisingChallenges.map((c) => c.id)).not.toContain(challengeId);
    const gone = await call('DELETE', `/api/fundraising-challenges/${challengeId}`, { cookie: alice });
    expect(gone).toMatchObject({ status: 404, body: { message: 'Challenge not found' } });
  });

  it('publishes the page once billing reports access, the cached view following', async () => {
    const dana = await signUp();
    const created = await createPage(dana.cookie);
    // Not published: 404 to visitors, shown to its owner.
    expect((await call('GET', `/api/runner-profile/${created.urlSlug}`)).status).toBe(404);
    expect((await view(created.urlSlug, dana.cookie)).published).toBe(false);
    await grantAccess(nc, dana.id);
    await eventually(async () => expect((await view(created.urlSlug))?.published).toBe(true), { timeoutMs: 5000 });
  });

  it('takes the goal and hand-typed totals by the rules, queues refreshes for the owner only, throttled', async () => {
    const manual = await createPage(alice, { fundraisingGoal: 1000 });
    expect(manual).toMatchObject({ fundraisingGoal: '1000.00', totalsSource: 'manual', fundraisingCurrency: 'USD' });
    const typed = await call('PUT', `/api/runner-profile/${manual.id}`, {
      body: { fundsRaised: '250.50', totalDonors: 3 },
      cookie: alice,
    });
    expect(typed.status).toBe(200);
    expect(typed.body.profile).toMatchObject({ fundsRaised: '250.50', totalDonors: 3 });
    const tooBig = await call('PUT', `/api/runner-profile/${manual.id}`, {
      body: { fundraisingGoal: 10_000_000.01 },
      cookie: alice,
    });
    expect(tooBig).toMatchObject({
      status: 400,
      body: { message: 'The fundraising goal must be between 0 and 10,000,000' },
    });

    const synced = await createPage(alice, {
      donationPlatform: 'donordrive',
      donorDriveEventUrl: 'https://events.example.org/e',
      donorDriveParticipantId: '31337',
    });
    const refused = await call('PUT', `/api/runner-profile/${synced.id}`, { body: { fundsRaised: 5 }, cookie: alice });
    expect(refused).toMatchObject({ status: 400, body: { message: 'Totals come from DonorDrive' } });

    const refresh = (cookie?: string) =>
      call('POST', `/api/runner-profile/${synced.id}/totals/refresh`, { body: {}, cookie });
    expect((await refresh()).status).toBe(401);
    expect((await refresh(bob)).status).toBe(403);
    for (let i = 0; i < TOTALS_REFRESHES_PER_MINUTE; i++)
      expect(await refresh(alice)).toMatchObject({ status: 202, body: { queued: true } });
    const throttled = await refresh(alice);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBeTruthy();

    // The donor wall is public for a published page only; Alice's pages are published by now.
    const wall = await call('GET', `/api/runner-profile/${synced.id}/donations?page=abc`);
    expect(wall).toMatchObject({ status: 200, body: { donations: [], page: 1, totalPages: 1 } });
    expect((await call('GET', `/api/runner-profile/${randomUUID()}/donations`)).status).toBe(404);
  });

  it("lists the caller's own pages newest first and gives only them the newest slug", async () => {
    const carol = await signUp();
    expect((await call('GET', '/api/recent-profiles', { cookie: carol.cookie })).body).toEqual([]);
    const none = await call('GET', `/api/user/profile-slug?userId=${carol.id}`, { cookie: carol.cookie });
    expect(none.status).toBe(404);

    const first = await createPage(carol.cookie);
    const second = await createPage(carol.cookie, { name: 'Second page' });
    const recent = await call('GET', '/api/recent-profiles', { cookie: carol.cookie });
    expect(recent.body.map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);
    // The dashboard's card: the page, whether visitors see it, and its fundraising progress.
    expect(Object.keys(recent.body[0]).sort()).toEqual(
      [
        'description',
        'fundraisingCurrency',
        'fundraisingGoal',
        'fundsRaised',
        'id',
        'marathonDate',
        'marathonName',
        'name',
        'published',
        'urlSlug',
      ].sort(),
    );
    expect(recent.body[0]).toMatchObject({ published: false, fundsRaised: '0.00' });

    const own = await call('GET', `/api/user/profile-slug?userId=${carol.id}`, { cookie: carol.cookie });
    expect(own).toMatchObject({ status: 200, body: { slug: second.urlSlug } });
    const someoneElse = await call('GET', `/api/user/profile-slug?userId=${carol.id}`, { cookie: bob });
    expect(someoneElse.status).toBe(403);
  });

  it('takes encouragement from anyone, shows it to the owner only, and rate limits it per IP', async () => {
    const created = await createPage(alice);
    const send = (body: Record<string, unknown>) => call('POST', '/api/encouragement', { body });

    expect(await send({ runnerProfileId: created.id, senderName: 'Mum', message: 'Go Jane!' })).toMatchObject({
      status: 201,
      body: { success: true },
    });
    expect(await send({ runnerProfileId: created.id, senderName: 'Dad' })).toMatchObject({
      status: 400,
      body: { message: 'Both name and message are required' },
    });
    expect(await send({ runnerProfileId: randomUUID(), senderName: 'Ann', message: 'Hi' })).toMatchObject({
      status: 404,
      body: { message: 'Runner profile not found' },
    });
    await send({ runnerProfileId: created.id, senderName: 'Sis', message: 'You got this' });
    await send({ runnerProfileId: created.id, senderName: 'Bro', message: 'Run!' });
    const limited = await send({ runnerProfileId: created.id, senderName: 'Spam', message: 'Spam' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    const list = await call('GET', `/api/runner-profile/${created.id}/encouragements`, { cookie: alice });
    expect(list.status).toBe(200);
    expect(list.body.map((e: { senderName: string }) => e.senderName)).toEqual(['Bro', 'Sis', 'Mum']);
    const forbidden = await call('GET', `/api/runner-profile/${created.id}/encouragements`, { cookie: bob });
    expect(forbidden.status).toBe(403);
  });

  it('deletes a page for its owner only; it is gone at once', async () => {
    const created = await createPage(alice);
    await view(created.urlSlug);
    expect((await call('DELETE', `/api/runner-profile/${created.id}`, { cookie: bob })).status).toBe(403);
    const deleted = await call('DELETE', `/api/runner-profile/${created.id}`, { cookie: alice });
    expect(deleted).toMatchObject({ status: 200, body: { success: true } });
    expect((await call('GET', `/api/runner-profile/${created.urlSlug}`)).status).toBe(404);
    expect((await call('DELETE', `/api/runner-profile/${created.id}`, { cookie: alice })).status).toBe(404);
  });
});
