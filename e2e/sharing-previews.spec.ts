import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { BASE, SAME_ORIGIN, createPage, signedInContext, startTrial, type TestUser } from './support/journeys';

// What social apps and messengers read of a page: they fetch /{slug} without running JavaScript
// and look for its Open Graph and Twitter tags, then fetch the og:image.

const SITE_TITLE = 'RunPledge · Marathon fundraising pages';
const RUNNER_NAME = 'Jane "JJ" Runner & <Friends>';

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The head as a crawler reads it: the title, each meta tag's content, the canonical link. */
async function sharedHead(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  expect(response.headers()['cache-control']).toBe('no-cache');
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = new Map<string, string[]>();
  for (const [, key, content] of head.matchAll(/<meta\s+(?:name|property)="([^"]+)"\s+content="([^"]*)"\s*\/?>/g)) {
    meta.set(key!, [...(meta.get(key!) ?? []), decode(content!)]);
  }
  const one = (key: string) => {
    expect(meta.get(key), key).toHaveLength(1);
    return meta.get(key)![0]!;
  };
  return {
    html,
    titles: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!)),
    one,
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1],
  };
}

/** A valid PNG's size, read from its signature and IHDR chunk. */
function pngSize(body: Buffer) {
  expect(body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(body.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

test.describe('sharing previews', () => {
  let owner: { context: BrowserContext; user: TestUser };
  let page: { id: string; urlSlug: string };

  test.beforeAll(async ({ browser }) => {
    owner = await signedInContext(browser);
    // Totals typed by hand: only a page without a platform that reports them (here a charity link) takes them.
    page = await createPage(owner.context.request, {
      name: RUNNER_NAME,
      donationPlatform: 'other',
      charityLink: 'https://charity.example.org/donate',
      fundraisingGoal: 5000,
      fundsRaised: 1250,
    });
    await startTrial(owner.context, owner.user.id, page.urlSlug);
  });

  test.afterAll(async () => {
    await owner?.context.close();
  });

  test("a published page carries the runner's own tags and a 1200×630 card, without JavaScript", async ({
    request,
  }) => {
    const head = await sharedHead(request, `/${page.urlSlug}`);
    expect(head.titles).toEqual([`${RUNNER_NAME} · Chicago Marathon · RunPledge`]);
    expect(head.html).not.toContain('<Friends>');
    expect(head.one('og:title')).toBe(`${RUNNER_NAME} is running the Chicago Marathon`);
    expect(head.one('twitter:title')).toBe(`${RUNNER_NAME} is running the Chicago Marathon`);
    expect(head.one('og:description')).toBe('Running for the children’s hospital that looked after my son.');
    expect(head.one('description')).toBe(head.one('og:description'));
    expect(head.one('og:type')).toBe('profile');
    expect(head.one('og:site_name')).toBe('RunPledge');
    expect(head.one('og:url')).toBe(`${BASE}/${page.urlSlug}`);
    expect(head.canonical).toBe(`${BASE}/${page.urlSlug}`);
    expect(head.one('twitter:card')).toBe('summary_large_image');
    expect(head.one('og:image:width')).toBe('1200');
    expect(head.one('og:image:height')).toBe('630');
    const image = head.one('og:image');
    expect(image).toMatch(new RegExp(`^${BASE}/api/runner-profile/${page.urlSlug}/og-image\\.png\\?v=[\\w-]+$`));
    expect(head.one('twitter:image')).toBe(image);

    const card = await request.get(image);
    expect(card.status()).toBe(200);
    expect(card.headers()['content-type']).toBe('image/png');
    // Minutes, with revalidation: a card must not outlive its page's unpublishing in caches for a year.
    expect(card.headers()['cache-control']).toBe('public, max-age=300, stale-while-revalidate=60');
    expect(pngSize(await card.body())).toEqual({ width: 1200, height: 630 });
    const etag = card.headers()['etag']!;
    expect(etag).toMatch(/^"[\w-]+"$/);

    // Drawn once: the next request is answered from memory, a revalidation with a 304.
    const again = await request.get(image);
    expect(again.headers()['server-timing']).toBe('card;desc="cached"');
    expect(again.headers()['etag']).toBe(etag);
    expect((await request.get(image, { headers: { 'if-none-match': etag } })).status()).toBe(304);

    // The runner page's own code is preloaded with the entry: no second round trip to discover it.
    const modulePreloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)"/g)].map((m) => m[1]!);
    const landingPreloads = modulePreloads(await (await request.get('/')).text());
    const pageOnly = modulePreloads(head.html).filter((src) => !landingPreloads.includes(src));
    expect(pageOnly.some((src) => /^\/assets\/runner-page-[\w-]+\.js$/.test(src))).toBe(true);
    for (const src of pageOnly) expect((await request.get(src)).status()).toBe(200);

    // The page's data comes with it, as a visitor would get it from the API, so the app need not wait for it.
    const embedded = /<script id="rp-runner-page" type="application\/json">(.*?)<\/script>/.exec(head.html);
    expect(JSON.parse(embedded![1]!)).toMatchObject({
      slug: page.urlSlug,
      profile: { name: RUNNER_NAME, urlSlug: page.urlSlug, isOwner: false, published: true },
    });
    expect((await request.get(`/${page.urlSlug}`)).headers()['content-encoding']).toMatch(/^(br|gzip)$/);

    const head304 = await request.head(`/${page.urlSlug}`);
    expect(head304.status()).toBe(200);
    expect(head304.headers()['content-type']).toContain('text/html');
  });

  test('a change of what the card shows gives a new card under a new URL', async ({ request }) => {
    const before = (await sharedHead(request, `/${page.urlSlug}`)).one('og:image');
    const beforeCard = await request.get(before);
    const update = await owner.context.request.put(`/api/runner-profile/${page.id}`, {
      headers: SAME_ORIGIN,
      data: { fundsRaised: 2600 },
    });
    expect(update.status()).toBe(200);

    const after = (await sharedHead(request, `/${page.urlSlug}`)).one('og:image');
    expect(after).not.toBe(before);
    const afterCard = await request.get(after);
    expect(afterCard.headers()['server-timing']).toMatch(/^card;desc="drawn";dur=[\d.]+$/);
    expect(afterCard.headers()['etag']).not.toBe(beforeCard.headers()['etag']);
    expect(pngSize(await afterCard.body())).toEqual({ width: 1200, height: 630 });
    // The old URL still answers, with today's card and a short cache life.
    const stale = await request.get(before);
    expect(stale.headers()['etag']).toBe(afterCard.headers()['etag']);
    expect(stale.headers()['cache-control']).toBe('public, max-age=300, stale-while-revalidate=60');
  });

  test('the page still renders in the browser with its own title', async ({ page: tab }) => {
    await tab.goto(`/${page.urlSlug}`);
    await expect(tab.getByRole('heading', { level: 1, name: RUNNER_NAME })).toBeVisible();
    await expect(tab).toHaveTitle(`${RUNNER_NAME} · Chicago Marathon · RunPledge`);
  });

  test('unknown and unpublished pages get the site tags and card; their own card is a 404', async ({ request }) => {
    // A second page of an owner with access is published too; a page of a user without one is not.
    const second = await createPage(owner.context.request, { name: 'Second Page' });
    const stranger = await signedInContext(owner.context.browser()!);
    const hidden = await createPage(stranger.context.request, { name: 'Hidden Runner' });
    try {
      for (const path of ['/nobody-has-this-page', `/${hidden.urlSlug}`, '/login', '/test-jane']) {
        const head = await sharedHead(request, path);
        expect([path, head.titles]).toEqual([path, [SITE_TITLE]]);
        expect(head.one('og:title')).toBe(SITE_TITLE);
        expect(head.one('og:url')).toBe(`${BASE}/`);
        expect(head.one('og:image')).toBe(`${BASE}/api/og-image.png`);
        expect(head.html).not.toContain('Hidden Runner');
      }
      const site = await request.get(`${BASE}/api/og-image.png`);
      expect(site.headers()['content-type']).toBe('image/png');
      expect(pngSize(await site.body())).toEqual({ width: 1200, height: 630 });

      const missing = await request.get(`/api/runner-profile/${hidden.urlSlug}/og-image.png`);
      expect(missing.status()).toBe(404);
      expect(await missing.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Runner profile not found',
      });
      expect((await request.get('/api/runner-profile/nobody-has-this-page/og-image.png')).status()).toBe(404);
      expect((await sharedHead(request, `/${second.urlSlug}`)).one('og:title')).toBe(
        'Second Page is running the Chicago Marathon',
      );
    } finally {
      await stranger.context.close();
    }
  });
});
