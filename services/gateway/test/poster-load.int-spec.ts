// Issue 27 item 1: posters are drawn off the gateway's event loop in a bounded pool, each user
// draws a bounded number, and an account holds a bounded number of pages.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DRAWING_BUSY, MAX_PAGES_PER_ACCOUNT, TOO_MANY_PAGES } from '@runpledge/contracts';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { createPage, signUp } from './support/stack-users.js';

// Posters are drawn on a busy shared machine, one at a time in this stack.
jest.setTimeout(180_000);

/** This stack's pool: one drawing thread and two posters waiting, so the bound is reached. */
const POOL = { threads: 1, queue: 2 };
/** Fresh posters one user may have drawn per window in this stack. */
const RENDERS_PER_USER = 4;

describe('posters under load', () => {
  let stack: Stack;

  const get = (path: string, cookie?: string) => fetch(`${stack.url}${path}`, { headers: cookie ? { cookie } : {} });

  /** A user with `count` pages of different names (so each poster is a drawing of its own). */
  async function userWithPages(count: number, label: string) {
    const user = await signUp(stack.url);
    const pages = [];
    for (let i = 0; i < count; i += 1) {
      pages.push(await createPage(stack.url, user.cookie, { name: `${label} runner ${i}` }));
    }
    return { ...user, pages };
  }

  beforeAll(async () => {
    stack = await startGatewayStack({
      WORKER_THREADS: String(POOL.threads),
      RENDER_QUEUE_MAX: String(POOL.queue),
      RATE_LIMIT_POSTER_RENDERS_PER_USER: String(RENDERS_PER_USER),
    });
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.stop();
  });

  it('keeps answering other requests while posters draw, and turns away what is over the queue with 503 and Retry-After', async () => {
    const users = [];
    for (let u = 0; u < 4; u += 1) users.push(await userWithPages(3, `Queue${u}`));
    const order: string[] = [];
    const posters = users.flatMap((user) =>
      user.pages.map(async (page) => {
        const res = await get(`/api/runner-profile/${page.id}/poster.pdf`, user.cookie);
        const body = Buffer.from(await res.arrayBuffer());
        order.push(`poster ${res.status}`);
        return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
      }),
    );
    // Once the gateway answers the first of them, the rest are still being drawn: the event loop
    // must stay free for everyone else meanwhile.
    let start = -1;
    const health = (async () => {
      while (order.length === 0) await new Promise((resolve) => setImmediate(resolve));
      start = order.length;
      for (let i = 0; i < 5; i += 1) {
        const res = await get('/api/health/live');
        order.push(`health ${res.status}`);
      }
    })();
    const answers = await Promise.all(posters);
    await health;

    // Five health checks in a row were answered before the next poster came out.
    const after = order.slice(start);
    const nextPoster = after.indexOf('poster 200');
    expect(nextPoster).toBeGreaterThan(-1);
    expect(after.slice(0, nextPoster)).toEqual(expect.arrayContaining(Array(5).fill('health 200')));
    expect(after.slice(0, nextPoster).filter((e) => e === 'health 200')).toHaveLength(5);

    const drawn = answers.filter((a) => a.status === 200);
    const turnedAway = answers.filter((a) => a.status === 503);
    expect(drawn.length + turnedAway.length).toBe(answers.length);
    expect(drawn.length).toBeGreaterThanOrEqual(POOL.threads + POOL.queue);
    expect(turnedAway.length).toBeGreaterThan(0);
    for (const a of drawn) expect(a.body.subarray(0, 5).toString()).toBe('%PDF-');
    for (const a of turnedAway) {
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(a.body.toString())).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: DRAWING_BUSY,
      });
    }
  });

  it('limits how many new posters one user has drawn, answering 429 with Retry-After; drawn ones stay free', async () => {
    const user = await userWithPages(RENDERS_PER_USER + 1, 'Limit');
    for (const page of user.pages.slice(0, RENDERS_PER_USER)) {
      expect((await get(`/api/runner-profile/${page.id}/poster.png`, user.cookie)).status).toBe(200);
    }
    const over = await get(`/api/runner-profile/${user.pages[RENDERS_PER_USER]!.id}/poster.png`, user.cookie);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await over.json()) as { message: string }).message).toMatch(
      /^Too many posters drawn\. Please wait \d+ minutes? and try again\.$/,
    );
    // A poster already drawn costs nothing: it is still served.
    expect((await get(`/api/runner-profile/${user.pages[0]!.id}/poster.png`, user.cookie)).status).toBe(200);
    // Another user has a budget of their own.
    const other = await userWithPages(1, 'Other');
    expect((await get(`/api/runner-profile/${other.pages[0]!.id}/poster.png`, other.cookie)).status).toBe(200);
  });

  it(`caps an account at ${MAX_PAGES_PER_ACCOUNT} pages with a clear 409, and frees a place when one is deleted`, async () => {
    const user = await userWithPages(MAX_PAGES_PER_ACCOUNT, 'Cap');
    const body = (slug: string) => ({
      urlSlug: slug,
      name: 'One too many',
      marathonName: 'Chicago Marathon',
      marathonDate: '2027-10-10',
      description: 'Running for the kids.',
      donationPlatform: 'other',
      charityLink: 'https://charity.example.org/donate',
    });
    const post = (slug: string) =>
      fetch(`${stack.url}/api/runner-profile`, {
        method: 'POST',
        headers: { cookie: user.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body(slug)),
      });
    const slug = `cap-${Date.now().toString(36)}`;
    // Concurrent attempts cannot slip past the cap together.
    const attempts = await Promise.all([post(`${slug}-a`), post(`${slug}-b`), post(`${slug}-c`)]);
    for (const res of attempts) {
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: TOO_MANY_PAGES });
    }
    const recent = await (await get('/api/recent-profiles', user.cookie)).json();
    expect(recent).toHaveLength(MAX_PAGES_PER_ACCOUNT);

    const deleted = await fetch(`${stack.url}/api/runner-profile/${user.pages[0]!.id}`, {
      method: 'DELETE',
      headers: { cookie: user.cookie },
    });
    expect(deleted.status).toBe(200);
    expect((await post(`${slug}-d`)).status).toBe(201);
    expect((await post(`${slug}-e`)).status).toBe(409);
  });
});
