// Issue 13 item 4: an unpublished page answers 404 on every public read to everyone but its owner.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { BILLING_EVENTS } from '@runpledge/contracts';
import { ensureEventStream, eventSubject } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import { eventually, freePort } from '../../../scripts/jest/helpers.mjs';
import { startStack } from '../../../scripts/lib/stack.mjs';

type Stack = Awaited<ReturnType<typeof startStack>>;

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
  const signUp = async () => {
    let res!: Response;
    // A busy shared machine may answer 503 now and then: another address, another try.
    await eventually(
      async () => {
        res = await fetch(`${stack.url}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `runner-${randomUUID()}@example.com`, password: 'Secret123' }),
        });
        expect(res.status).toBe(201);
      },
      { timeoutMs: 60_000, intervalMs: 1_000 },
    );
    const { user } = (await res.json()) as { user: { id: string } };
    return { id: user.id, cookie: res.headers.get('set-cookie')!.split(';')[0]! };
  };
  const createPage = async (cookie: string) => {
    const urlSlug = `unpub-${Date.now().toString(36)}-${randomUUID().slice(0, 6)}`;
    const res = await fetch(`${stack.url}/api/runner-profile`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        urlSlug,
        name: 'Secret Sally Unpublished',
        marathonName: 'Chicago Marathon',
        marathonDate: '2027-10-10',
        goalHours: 3,
        goalMinutes: 45,
        description: 'Running for the kids.',
        donationPlatform: 'other',
        charityLink: 'https://charity.example.org/donate',
      }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { profile: { id: string; urlSlug: string } }).profile;
  };
  const publish = async (userId: string) => {
    await ensureEventStream(nc);
    const envelope = {
      id: randomUUID(),
      type: BILLING_EVENTS.subscriptionChanged.type,
      occurredAt: new Date().toISOString(),
      payload: { userId, status: 'trialing', currentPeriodEnd: null },
    };
    await jetstream(nc).publish(eventSubject(envelope.type), JSON.stringify(envelope), { msgID: envelope.id });
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
    stack = await startStack({ env: { ...process.env }, port: await freePort(), readyTimeoutMs: 150_000 });
    nc = await connect({ servers: process.env.NATS_URL });
  }, 200_000);

  afterAll(async () => {
    await nc?.close();
    await stack?.stop();
  });

  it('answers 404 to visitors and other users, serves the owner, and opens up once published', async () => {
    const runner = await signUp();
    const other = await signUp();
    const page = await createPage(runner.cookie);
    // Fitness learns of the page by event; its reads must not be 404 merely for being early.
    await eventually(async () => expect((await get(`/api/training-stats/${page.id}`, runner.cookie)).status).toBe(200));

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

    await publish(runner.id);
    await eventually(async () => expect((await get(`/api/runner-profile/${page.urlSlug}`)).status).toBe(200), {
      timeoutMs: 10_000,
    });
    for (const path of publicReads(page, runner.id).slice(2, 5)) {
      expect([path, (await get(path)).status]).toEqual([path, 200]);
    }
  });

  it('answers 404 for page ids that do not exist', async () => {
    const unknown = randomUUID();
    expect((await get(`/api/fitness-profile/${unknown}`)).status).toBe(404);
    expect((await get(`/api/training-stats/${unknown}`)).status).toBe(404);
    expect((await get(`/api/activities?userId=${unknown}`)).status).toBe(404);
  });
});
