import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { CHALLENGE_ALREADY_CLAIMED, RELEASE_LINK_INVALID, type ProfileView } from '@runpledge/contracts';
import { randomUUID } from 'node:crypto';
import { eventually, signUpRunner } from '../../../scripts/jest/helpers.mjs';
import { mailsTo } from './support/outbox-mails.js';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import type { Json } from './support/api-client.js';
import { grantAccess } from './support/stack-users.js';

jest.setTimeout(60_000);

/** Public-write budget per IP in this stack: small, so the limit can be reached. */
const PUBLIC_WRITES_PER_IP = 5;

describe('challenge claims through the gateway', () => {
  let stack: Stack;
  let nc: NatsConnection;
  let alice: { cookie: string; id: string; email: string };
  let bob: { cookie: string; id: string };
  let ipCounter = 0;
  /** Each supporter comes from their own address (the gateway trusts X-Forwarded-For here). */
  const newIp = () => `198.51.${Math.floor((ipCounter += 1) / 250)}.${(ipCounter % 250) + 1}`;

  async function call(
    method: string,
    path: string,
    { body, cookie, ip, key }: { body?: unknown; cookie?: string; ip?: string; key?: string } = {},
  ): Promise<{ status: number; body: Json; headers: Headers }> {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...(ip ? { 'x-forwarded-for': ip } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }

  const signUp = () => signUpRunner(stack.url, { ip: newIp() });

  async function publishedPage(): Promise<ProfileView> {
    const res = await call('POST', '/api/runner-profile', {
      cookie: alice.cookie,
      body: {
        urlSlug: `claims-gw-${Date.now().toString(36)}-${randomUUID().slice(0, 4)}`,
        name: 'Jane Doe',
        marathonName: 'Chicago Marathon',
        marathonDate: '2027-10-10',
        description: 'Running for the kids.',
        donationPlatform: 'justgiving',
        justGivingPageShortName: 'jane-runs',
        challenges: [
          { amount: 250, description: 'Banana suit', isExclusive: true },
          { amount: 25, description: 'Pick a song', isExclusive: false },
        ],
      },
    });
    expect(res.status).toBe(201);
    const slug = res.body.profile.urlSlug as string;
    return eventually(async () => {
      const page = await view(slug);
      expect(page.published).toBe(true);
      return page;
    });
  }

  const view = async (slug: string): Promise<ProfileView> =>
    (await call('GET', `/api/runner-profile/${slug}`)).body.profile;
  const claim = (challengeId: string, body: unknown, ip = newIp()) =>
    call('POST', `/api/fundraising-challenges/${challengeId}/claims`, { body, ip });

  beforeAll(async () => {
    stack = await startGatewayStack({
      TRUST_PROXY: 'true',
      RATE_LIMIT_PUBLIC_WRITES_PER_IP: String(PUBLIC_WRITES_PER_IP),
      // The owner's claim digest goes out at once.
      CLAIM_DIGEST_DELAY_MS: '0',
    });
    nc = await connect({ servers: process.env.NATS_URL });
    alice = await signUp();
    bob = await signUp();
    await grantAccess(nc, alice.id, 'lifetime');
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await nc?.close();
    await stack?.stop();
  });

  it('answers one of 20 concurrent claims of an exclusive challenge with 201 and the others with 409', async () => {
    const page = await publishedPage();
    const exclusive = page.fundraisingChallenges[0]!;
    expect(exclusive).toMatchObject({ claimedBy: null, claimCount: 0 });

    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => claim(exclusive.id, { name: `Supporter ${i}` })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const lost of replies.filter((r) => r.status === 409))
      expect(lost.body).toMatchObject({ statusCode: 409, message: CHALLENGE_ALREADY_CLAIMED });
    const won = replies.find((r) => r.status === 201)!;
    expect(won.body).toEqual({
      claim: { id: expect.any(String), name: expect.stringMatching(/^Supporter \d+$/), createdAt: expect.any(String) },
      donationUrl: 'https://www.justgiving.com/fundraising/jane-runs?amount=250.00',
    });
    // The cached page follows at once.
    expect((await view(page.urlSlug)).fundraisingChallenges[0]).toMatchObject({
      claimedBy: won.body.claim.name,
      claimCount: 1,
    });
  });

  it('answers a retried claim with the same Idempotency-Key as the first time, claiming once', async () => {
    const page = await publishedPage();
    const exclusive = page.fundraisingChallenges[0]!;
    const key = randomUUID();
    // A visitor's key is theirs alone: the retry comes from the same address.
    const ip = newIp();
    const send = () =>
      call('POST', `/api/fundraising-challenges/${exclusive.id}/claims`, { body: { name: 'Alex' }, ip, key });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect((await view(page.urlSlug)).fundraisingChallenges[0]).toMatchObject({ claimedBy: 'Alex', claimCount: 1 });
  });

  it('counts the supporters of a multiple challenge on the page', async () => {
    const page = await publishedPage();
    const multiple = page.fundraisingChallenges[1]!;
    for (const [i, name] of ['Ann', 'Ben'].entries()) {
      expect((await claim(multiple.id, { name, message: 'Go!' })).status).toBe(201);
      expect((await view(page.urlSlug)).fundraisingChallenges[1]).toMatchObject({
        claimedBy: null,
        claimCount: i + 1,
      });
    }
  });

  it('validates like encouragement and limits claims per IP (429 with Retry-After)', async () => {
    const page = await publishedPage();
    const multiple = page.fundraisingChallenges[1]!;
    expect(await claim(multiple.id, {})).toMatchObject({ status: 400, body: { message: 'Please enter your name' } });
    expect(await claim(multiple.id, { name: 'A', message: 'x'.repeat(501) })).toMatchObject({
      status: 400,
      body: { message: 'The message can be at most 500 characters' },
    });
    expect(await claim(randomUUID(), { name: 'A' })).toMatchObject({
      status: 404,
      body: { message: 'Challenge not found' },
    });
    expect(await claim('not-an-id', { name: 'A' })).toMatchObject({ status: 404 });

    const ip = newIp();
    for (let i = 0; i < PUBLIC_WRITES_PER_IP; i += 1)
      expect((await claim(multiple.id, { name: 'Al' }, ip)).status).toBe(201);
    const limited = await claim(multiple.id, { name: 'Al' }, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('lists the claims to the owner and lets only the owner release one', async () => {
    const page = await publishedPage();
    const exclusive = page.fundraisingChallenges[0]!;
    const claimed = (await claim(exclusive.id, { name: 'Alex', message: 'Mile 20!' })).body.claim;
    const path = `/api/fundraising-challenges/${exclusive.id}/claims/${claimed.id}`;

    const listed = await call('GET', '/api/challenge-claims', { cookie: alice.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.claims).toContainEqual(
      expect.objectContaining({ id: claimed.id, name: 'Alex', message: 'Mile 20!', urlSlug: page.urlSlug }),
    );
    expect((await call('GET', '/api/challenge-claims', { cookie: bob.cookie })).body).toEqual({ claims: [] });
    expect((await call('GET', '/api/challenge-claims')).status).toBe(401);

    expect((await call('DELETE', path)).status).toBe(401);
    expect((await call('DELETE', path, { cookie: bob.cookie })).status).toBe(403);
    expect(
      await call('DELETE', `/api/fundraising-challenges/${exclusive.id}/claims/${randomUUID()}`, {
        cookie: alice.cookie,
      }),
    ).toMatchObject({ status: 404, body: { message: 'Claim not found' } });
    expect(await call('DELETE', path, { cookie: alice.cookie })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect((await view(page.urlSlug)).fundraisingChallenges[0]).toMatchObject({ claimedBy: null, claimCount: 0 });
    expect((await claim(exclusive.id, { name: 'Bea' })).status).toBe(201);
  });

  it("releases a claim from the link in the owner's claim mail, once; a made-up link is refused", async () => {
    const page = await publishedPage();
    const multiple = page.fundraisingChallenges[1]!;
    const name = `Mailed ${randomUUID().slice(0, 8)}`;
    expect((await claim(multiple.id, { name })).status).toBe(201);
    const token = await eventually(
      async () => {
        const mail = mailsTo(alice.email).find((m) => m.includes(name));
        if (!mail) throw new Error('no claim mail yet');
        return new RegExp(`${name}[\\s\\S]*?/release-claim\\?token=([A-Za-z0-9_-]+)`).exec(mail)![1]!;
      },
      { timeoutMs: 30_000 },
    );
    expect((await view(page.urlSlug)).fundraisingChallenges[1]!.claimCount).toBe(1);

    const released = await call('POST', '/api/challenge-claims/release-by-link', { body: { token }, ip: newIp() });
    expect(released).toMatchObject({ status: 200, body: { success: true } });
    expect((await view(page.urlSlug)).fundraisingChallenges[1]!.claimCount).toBe(0);
    for (const body of [{ token }, { token: 'made-up' }, {}]) {
      const refused = await call('POST', '/api/challenge-claims/release-by-link', { body, ip: newIp() });
      expect([body, refused.body]).toEqual([body, expect.objectContaining({ message: RELEASE_LINK_INVALID })]);
      expect(refused.status).toBe('token' in body ? 404 : 400);
    }
  });
});
