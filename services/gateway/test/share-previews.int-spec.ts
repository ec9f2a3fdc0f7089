import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { EventPageResponse, Profile, ProfileView } from '@runpledge/contracts';
import { ensureEventStream } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { pngSize } from './support/share-fixtures.js';
import { grantAccess } from './support/stack-users.js';

// Cards are drawn on a busy shared machine; the first also loads the fonts.
jest.setTimeout(60_000);

/** The head of web/dist/index.html as Vite builds it, with the marked block of generic tags. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <!-- share-tags: replaced by the gateway -->
    <title>RunPledge</title>
    <meta property="og:title" content="generic" />
    <!-- /share-tags -->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const SITE_TITLE = 'RunPledge · Marathon fundraising pages';

describe('sharing previews through the gateway', () => {
  let stack: Stack;
  let webDist: string;
  let nc: NatsConnection;
  let cookie: string;
  let userId: string;
  let slugCounter = 0;

  const get = (path: string, init?: RequestInit) => fetch(`${stack.url}${path}`, init);
  const meta = (html: string, key: string) =>
    [...html.matchAll(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`, 'g'))].map((m) => m[1]);

  async function createPage(overrides: Record<string, unknown> = {}): Promise<Profile> {
    const res = await get('/api/runner-profile', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        urlSlug: `share-${Date.now().toString(36)}-${(slugCounter += 1)}`,
        name: 'Jane Runner',
        marathonName: 'Chicago Marathon',
        marathonDate: '2027-10-10',
        description: 'Running for the kids.',
        donationPlatform: 'other',
        charityLink: 'https://charity.example.org/donate',
        fundraisingGoal: 5000,
        fundsRaised: 1250,
        ...overrides,
      }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { profile: Profile }).profile;
  }

  /** Billing's word that the user has access, which publishes their pages. */
  async function publish(slug: string): Promise<void> {
    await grantAccess(nc, userId);
    await eventually(
      async () => {
        const res = await get(`/api/runner-profile/${slug}`);
        expect(((await res.json()) as { profile: { published: boolean } }).profile.published).toBe(true);
      },
      { timeoutMs: 10_000 },
    );
  }

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'rp-share-'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    stack = await startGatewayStack({ WEB_DIST: webDist });
    nc = await connect({ servers: process.env.NATS_URL });
    await ensureEventStream(nc);
    const res = await get('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `share-${randomUUID()}@example.com`, password: 'Secret123' }),
    });
    expect(res.status).toBe(201);
    cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    userId = ((await res.json()) as { user: { id: string } }).user.id;
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await nc?.close();
    await stack?.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('keeps the site tags for an unpublished page, then gives it its own, escaped, once published', async () => {
    const page = await createPage({ name: `Jane "JJ" <script>alert(1)</script> & Co` });
    const before = await (await get(`/${page.urlSlug}`)).text();
    expect(before).toContain(`<title>${SITE_TITLE}</title>`);
    expect(before).not.toContain('Jane');
    expect((await get(`/api/runner-profile/${page.urlSlug}/og-image.png`)).status).toBe(404);

    await publish(page.urlSlug);
    const res = await get(`/${page.urlSlug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('generic');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(meta(html, 'og:title')).toEqual([
      'Jane &quot;JJ&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co is running the Chicago Marathon',
    ]);
    expect(meta(html, 'og:url')[0]).toMatch(new RegExp(`^http://[\\w.:]+/${page.urlSlug}$`));
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    const head = await get(`/${page.urlSlug}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('text/html');
  });

  it('draws the card once for concurrent requests, then answers from memory; a change draws a new one', async () => {
    const page = await createPage();
    await publish(page.urlSlug);
    const image = meta(await (await get(`/${page.urlSlug}`)).text(), 'og:image')[0]!;
    const path = new URL(image).pathname + new URL(image).search;
    expect(path).toMatch(new RegExp(`^/api/runner-profile/${page.urlSlug}/og-image\\.png\\?v=[\\w-]{16}$`));

    const burst = await Promise.all(Array.from({ length: 6 }, () => get(path)));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(burst.filter((r) => r.headers.get('server-timing')?.startsWith('card;desc="drawn"'))).toHaveLength(1);
    const first = burst[0]!;
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=60');
    expect(first.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const png = Buffer.from(await first.arrayBuffer());
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    const etag = first.headers.get('etag')!;

    const again = await get(path);
    expect(again.headers.get('server-timing')).toBe('card;desc="cached"');
    expect(Buffer.from(await again.arrayBuffer()).equals(png)).toBe(true);
    expect((await get(path, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await get(path, { method: 'HEAD' })).headers.get('content-type')).toBe('image/png');
    // Without the current version: the same short cache life and validator.
    const unversioned = await get(`/api/runner-profile/${page.urlSlug}/og-image.png`);
    expect(unversioned.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=60');
    expect(unversioned.headers.get('etag')).toBe(etag);

    const update = await get(`/api/runner-profile/${page.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name: 'Janet Runner' }),
    });
    expect(update.status).toBe(200);
    const changed = meta(await (await get(`/${page.urlSlug}`)).text(), 'og:image')[0]!;
    expect(changed).not.toBe(image);
    const redrawn = await get(new URL(changed).pathname + new URL(changed).search);
    expect(redrawn.headers.get('server-timing')).toMatch(/^card;desc="drawn";dur=[\d.]+$/);
    expect(redrawn.headers.get('etag')).not.toBe(etag);
  });

  it('sends an old address of a moved page to the new one with a 301; the API finds it by either', async () => {
    const page = await createPage();
    await publish(page.urlSlug);
    expect((await get(`/${page.urlSlug}`)).status).toBe(200); // cached under the old slug
    const newSlug = `moved-${Date.now().toString(36)}`;
    const moved = await get(`/api/runner-profile/${page.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ urlSlug: newSlug }),
    });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { profile: Profile }).profile.urlSlug).toBe(newSlug);

    for (const [from, to] of [
      [`/${page.urlSlug}`, `/${newSlug}`],
      [`/${page.urlSlug}/?ref=qr`, `/${newSlug}?ref=qr`],
      [`/${page.urlSlug}/fitness`, `/${newSlug}/fitness`],
      [`/${page.urlSlug}/edit`, `/${newSlug}/edit`],
    ] as const) {
      const res = await get(from, { redirect: 'manual' });
      expect([from, res.status, res.headers.get('location')]).toEqual([from, 301, to]);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    const now = await get(`/${newSlug}`, { redirect: 'manual' });
    expect(now.status).toBe(200);
    expect(meta(await now.text(), 'og:url')[0]).toMatch(new RegExp(`/${newSlug}$`));
    for (const slug of [page.urlSlug, newSlug]) {
      const res = await get(`/api/runner-profile/${slug}`);
      expect(((await res.json()) as { profile: Profile }).profile).toMatchObject({ id: page.id, urlSlug: newSlug });
    }
  });

  it("keeps an unpublished page's new address to itself: its old address gets the app, no 301", async () => {
    const signup = await get('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `share-${randomUUID()}@example.com`, password: 'Secret123' }),
    });
    const otherCookie = signup.headers.get('set-cookie')!.split(';')[0]!;
    const created = await get('/api/runner-profile', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: otherCookie },
      body: JSON.stringify({
        urlSlug: `hidden-${Date.now().toString(36)}`,
        name: 'Hidden Runner',
        marathonName: 'Chicago Marathon',
        marathonDate: '2027-10-10',
        description: 'Not yet.',
        donationPlatform: 'other',
        charityLink: 'https://charity.example.org/donate',
      }),
    });
    const page = ((await created.json()) as { profile: Profile }).profile;
    const newSlug = `hidden-moved-${Date.now().toString(36)}`;
    const moved = await get(`/api/runner-profile/${page.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: otherCookie },
      body: JSON.stringify({ urlSlug: newSlug }),
    });
    expect(moved.status).toBe(200);
    const res = await get(`/${page.urlSlug}`, { redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain(newSlug);
    expect((await get(`/api/runner-profile/${page.urlSlug}`)).status).toBe(404);
  });

  it("gives a team page its own tags and card, a new card when the team's total moves, the site's once deleted", async () => {
    const page = await createPage({ fundsRaised: 0 });
    await publish(page.urlSlug);
    const slug = `share-team-${Date.now().toString(36)}`;
    const created = await get('/api/teams', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        slug,
        name: 'Tom & Jerry <Runners>',
        charityName: 'Lifeboats',
        marathonName: 'London Marathon',
        marathonDate: '2027-04-25',
        currency: 'USD',
        goalAmount: 10000,
        joinRule: 'open',
        captainProfileId: page.id,
      }),
    });
    expect(created.status).toBe(201);
    const { team } = (await created.json()) as { team: { id: string } };

    const html = await (await get(`/teams/${slug}`)).text();
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(meta(html, 'og:title')).toEqual([
      'Tom &amp; Jerry &lt;Runners&gt; is running the London Marathon for Lifeboats',
    ]);
    expect(meta(html, 'og:url')[0]).toMatch(new RegExp(`^http://[\\w.:]+/teams/${slug}$`));
    // The team as a visitor reads it comes with the HTML, for the app to show at once.
    const embedded = /<script id="rp-team-page" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(embedded ?? 'null')).toMatchObject({
      slug,
      team: { team: { id: team.id, slug, isCaptain: false }, members: [{ runnerProfileId: page.id }], page: 1 },
    });
    const image = meta(html, 'og:image')[0]!;
    const path = new URL(image).pathname + new URL(image).search;
    expect(path).toMatch(new RegExp(`^/api/teams/${slug}/og-image\\.png\\?v=[\\w-]{16}$`));
    const card = await get(path);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    expect(pngSize(Buffer.from(await card.arrayBuffer()))).toEqual({ width: 1200, height: 630 });

    // The member's total moves: the team's sums follow, and with them the card's address.
    const edited = await get(`/api/runner-profile/${page.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ fundsRaised: 800, totalDonors: 4 }),
    });
    expect(edited.status).toBe(200);
    await eventually(
      async () => {
        const next = meta(await (await get(`/teams/${slug}`)).text(), 'og:image')[0]!;
        expect(next).not.toBe(image);
      },
      { timeoutMs: 15_000 },
    );

    const deleted = await get(`/api/teams/${team.id}`, { method: 'DELETE', headers: { cookie } });
    expect(deleted.status).toBe(200);
    const gone = await (await get(`/teams/${slug}`)).text();
    expect(meta(gone, 'og:title')).toEqual([SITE_TITLE]);
    expect(gone).not.toContain('rp-team-page');
    expect((await get(`/api/teams/${slug}/og-image.png`)).status).toBe(404);
  });

  it("carries a charity's first page as a visitor reads it in its HTML, its mission unable to close the script", async () => {
    const slug = `share-charity-${Date.now().toString(36)}`;
    const created = await get('/api/charities', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        slug,
        name: 'Rivers & <Lakes>',
        website: `https://${slug}.org`,
        country: 'GB',
        mission: 'Clean rivers.</script><script>alert(1)</script>',
      }),
    });
    expect(created.status).toBe(201);
    // Its creator is staff: the API tells them so, the page's HTML never does.
    const staffView = await get(`/api/charities/${slug}?by=raised&page=1`, { headers: { cookie } });
    expect(((await staffView.json()) as { charity: { isStaff: boolean } }).charity.isStaff).toBe(true);
    const visitorView = await (await get(`/api/charities/${slug}?by=raised&page=1`)).json();

    const html = await (await get(`/charities/${slug}`, { headers: { cookie } })).text();
    expect(html).not.toContain('<script>alert');
    const embedded = /<script id="rp-charity-page" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(embedded ?? 'null')).toEqual({ slug, charity: visitorView });
    expect(html).not.toMatch(/rp-(runner|team|event)-page/);
    for (const path of ['/charities/new', `/charities/${slug}/console`, '/charities/nobody-has-this']) {
      expect([path, (await (await get(path)).text()).includes('rp-charity-page')]).toEqual([path, false]);
    }
  });

  it("carries an event's first page (by raised, no search) in its HTML", async () => {
    const page = await createPage({ marathonName: `Share City Marathon ${Date.now().toString(36)}` });
    await publish(page.urlSlug);
    let slug = '';
    await eventually(
      async () => {
        const { profile } = (await (await get(`/api/runner-profile/${page.urlSlug}`)).json()) as {
          profile: ProfileView;
        };
        slug = profile.event?.slug ?? '';
        const res = await get(`/api/events/${slug}?by=raised&page=1`);
        expect(((await res.json()) as EventPageResponse).runners).toHaveLength(1);
      },
      { timeoutMs: 10_000 },
    );
    const answer = (await (await get(`/api/events/${slug}?by=raised&page=1`)).json()) as EventPageResponse;

    const html = await (await get(`/events/${slug}`)).text();
    const embedded = /<script id="rp-event-page" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(embedded ?? 'null')).toEqual({ slug, event: answer });
    expect(html).not.toMatch(/rp-(runner|team|charity)-page/);
    expect(await (await get('/events/nobody-has-this')).text()).not.toContain('rp-event-page');
  });

  it('answers unknown pages, reserved routes and bad slugs with the site tags and 404 cards, never a 500', async () => {
    for (const path of ['/nobody-has-this', '/login', '/test-jane', '/Not_A_Slug', '/a/b']) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 200]);
      expect(await res.text()).toContain(`<title>${SITE_TITLE}</title>`);
    }
    for (const slug of ['nobody-has-this', 'Not_A_Slug', 'a'.repeat(60)]) {
      const res = await get(`/api/runner-profile/${slug}/og-image.png?v=${encodeURIComponent('<x>')}`);
      expect([slug, res.status]).toEqual([slug, 404]);
      expect(await res.json()).toMatchObject({ statusCode: 404, message: 'Runner profile not found' });
    }
    // A control character in a path parameter is refused by the one rule for text (API.md), not a 500.
    const nul = await get(`/api/runner-profile/%00/og-image.png`);
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ statusCode: 400 });
    const site = await get('/api/og-image.png');
    expect(site.headers.get('content-type')).toBe('image/png');
    expect(pngSize(Buffer.from(await site.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });
});
