import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { CHARITY_NOT_FOUND, type Charity, type CharityPageResponse } from '@runpledge/contracts';
import { pngSize } from '../../test/support/share-fixtures.js';
import type { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { ProfileViewCache } from '../profiles/profile-view.cache.js';
import type { PublicProfileViews } from '../profiles/public-profile-views.js';
import { InlineRenderer } from './render-pool.js';
import { charityShareCardContent, shareCardVersion } from './share-card.content.js';
import { charityCardPath, charitySlugOf, SharePreviewsService } from './share-previews.service.js';
import { charityShareTags, renderShareTags } from './share-tags.js';

const charityOf = (overrides: Partial<Charity> = {}): Charity => ({
  id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  slug: 'sick-kids',
  name: 'Children’s Hospital <Fund> & Friends',
  website: 'https://sickkids.example.org',
  registeredNumber: '1234567',
  country: 'GB',
  mission: 'Every child gets the care they need, close to home. We fund nurses, play specialists and research.',
  verified: true,
  totals: [
    { currency: 'USD', raised: '250.00', donors: 5 },
    { currency: 'GBP', raised: '1500.00', donors: 30 },
    { currency: 'EUR', raised: '0.00', donors: 0 },
  ],
  runnerCount: 12,
  teamCount: 2,
  miles: 840.5,
  isStaff: false,
  ...overrides,
});

const SITE = 'https://runpledge.org';
const ogTitle = (html: string) => /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1];
const ogDescription = (html: string) => /<meta property="og:description" content="([^"]*)"/.exec(html)?.[1];
const ogImage = (html: string) => /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1];
const SITE_TITLE = 'RunPledge · Marathon fundraising pages';

/** Charities by slug as community answers them over NATS. */
function previewsOf(charities: Record<string, Charity | Error>) {
  const views = {
    cache: new ProfileViewCache({ ttlMs: 60_000, maxEntries: 100 }),
    bySlug: () => Promise.reject(new NotFoundException('Runner profile not found')),
  } as unknown as PublicProfileViews;
  const call = jest.fn(async (_pattern: string, request: { slug: string }): Promise<CharityPageResponse> => {
    const charity = charities[request.slug];
    if (charity === undefined) throw new NotFoundException(CHARITY_NOT_FOUND);
    if (charity instanceof Error) throw charity;
    return { charity, runners: [], teams: [], events: [], page: 1, totalPages: 1 };
  });
  const rpc = { call } as unknown as NatsRpcClient;
  return { service: new SharePreviewsService(views, new InlineRenderer(), rpc), call, charities };
}

describe("a charity page's share tags and card", () => {
  // The failed look-ups below are logged on purpose.
  beforeAll(() => Logger.overrideLogger(false));

  it('finds the charity in its address only', () => {
    expect(charitySlugOf('/charities/sick-kids')).toBe('sick-kids');
    expect(charitySlugOf('/charities/sick-kids/')).toBe('sick-kids');
    expect(charitySlugOf('/charities/sick-kids/console')).toBeUndefined();
    expect(charitySlugOf('/charities/x/og-image.png')).toBeUndefined();
    expect(charitySlugOf('/charities')).toBeUndefined();
    expect(charitySlugOf('/events/sick-kids')).toBeUndefined();
  });

  it('names the charity, its mission, its address and its versioned card, escaped', () => {
    const html = renderShareTags(charityShareTags(charityOf(), SITE, charityCardPath('sick-kids', 'v1')));
    expect(html).toContain('<title>Children’s Hospital &lt;Fund&gt; &amp; Friends · RunPledge</title>');
    expect(html).toContain(
      '<meta property="og:title" content="Children’s Hospital &lt;Fund&gt; &amp; Friends on RunPledge" />',
    );
    expect(ogDescription(html)).toBe(charityOf().mission);
    expect(html).toContain('<meta property="og:url" content="https://runpledge.org/charities/sick-kids" />');
    expect(html).toContain('<link rel="canonical" href="https://runpledge.org/charities/sick-kids" />');
    expect(ogImage(html)).toBe('https://runpledge.org/api/charities/sick-kids/og-image.png?v=v1');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(
      '<meta name="twitter:image" content="https://runpledge.org/api/charities/sick-kids/og-image.png?v=v1" />',
    );
    expect(html).toContain('a verified charity: the charity page on RunPledge');
    expect(html).not.toMatch(/<Fund>|& Friends/);
  });

  it('escapes a name in any script with markup in it, and keeps its characters', () => {
    const name = '山田 "財団" <script>alert(1)</script> Фонд ❤️';
    const html = renderShareTags(charityShareTags(charityOf({ name }), SITE, charityCardPath('sick-kids', 'v1')));
    expect(ogTitle(html)).toBe('山田 &quot;財団&quot; &lt;script&gt;alert(1)&lt;/script&gt; Фонд ❤️ on RunPledge');
    expect(html).not.toContain('<script>');
  });

  it('draws the name, the mission, the verified mark, the runners and each currency, largest first', () => {
    const content = charityShareCardContent(charityOf(), SITE);
    expect(content).toEqual({
      name: 'Children’s Hospital <Fund> & Friends',
      pageAddress: 'runpledge.org/charities/sick-kids',
      fundraising: { kind: 'totals', raised: ['£1,500', '$250'], donors: 35 },
      charity: { mission: charityOf().mission, verified: true, runnerCount: 12 },
    });
    expect(charityShareCardContent(charityOf({ totals: [] }), SITE).fundraising).toEqual({ kind: 'none' });
  });

  it('changes the version with anything drawn, and only with that', () => {
    const version = (overrides: Partial<Charity> = {}) =>
      shareCardVersion(charityShareCardContent(charityOf(overrides), SITE));
    expect(version()).toMatch(/^[\w-]{16}$/);
    expect(version({ website: 'https://elsewhere.example', miles: 900, isStaff: true })).toBe(version());
    for (const change of [
      { totals: [{ currency: 'GBP', raised: '1600.00', donors: 31 }] },
      { name: 'Sick Kids' },
      { mission: 'A new mission' },
      { verified: false },
      { runnerCount: 13 },
    ]) {
      expect(version(change)).not.toBe(version());
    }
  });

  it('gives a known charity its tags and a card, and a new card version when its totals change', async () => {
    const { service, call, charities } = previewsOf({ 'sick-kids': charityOf() });
    const html = await service.tagsFor('/charities/sick-kids');
    expect(ogTitle(html)).toBe('Children’s Hospital &lt;Fund&gt; &amp; Friends on RunPledge');
    expect(ogImage(html)).toMatch(/^http:\/\/localhost:3000\/api\/charities\/sick-kids\/og-image\.png\?v=[\w-]{16}$/);
    expect(await service.tagsFor('/charities/Sick-Kids/')).toBe(html);
    expect(call).toHaveBeenCalledWith('community.charities.get-by-slug', {
      slug: 'sick-kids',
      query: { by: 'raised', page: 1 },
    });

    const card = await service.charityCard('sick-kids');
    expect(pngSize(card.card.png)).toEqual({ width: 1200, height: 630 });
    expect(ogImage(html)).toContain(`v=${card.version}`);
    expect((await service.charityCard('sick-kids')).cached).toBe(true);

    charities['sick-kids'] = charityOf({ totals: [{ currency: 'GBP', raised: '1750.00', donors: 33 }] });
    const moved = await service.charityCard('sick-kids');
    expect(moved.cached).toBe(false);
    expect(moved.version).not.toBe(card.version);
    expect(ogImage(await service.tagsFor('/charities/sick-kids'))).toContain(`v=${moved.version}`);
  });

  it('gives unknown charities, failed look-ups and the charity screens the site tags; no card for them', async () => {
    const { service, call } = previewsOf({ broken: new ServiceUnavailableException('community is not answering') });
    for (const path of ['/charities/gone', '/charities/broken']) {
      expect([path, ogTitle(await service.tagsFor(path))]).toEqual([path, SITE_TITLE]);
    }
    expect(call).toHaveBeenCalledTimes(2);
    // The app's own screens under /charities, the console and bad slugs are never looked up.
    for (const path of ['/charities/new', '/charities/verify', '/charities/gone/console', '/charities/Not_A_Slug']) {
      expect([path, ogTitle(await service.tagsFor(path))]).toEqual([path, SITE_TITLE]);
    }
    expect(call).toHaveBeenCalledTimes(2);
    await expect(service.charityCard('gone')).rejects.toThrow(new NotFoundException(CHARITY_NOT_FOUND));
    await expect(service.charityCard('new')).rejects.toThrow(CHARITY_NOT_FOUND);
    expect(service.rendersSoFar).toBe(0);
  });

  it('draws a card for a name and mission in any script', async () => {
    const { service } = previewsOf({
      cjk: charityOf({ slug: 'cjk', name: '東京こども基金 김민준', mission: '子どもたちのために走る' }),
      mixed: charityOf({ slug: 'mixed', name: 'สมชาย Фонд Ελπίδα 🏃‍♀️', mission: 'สมชาย', verified: false }),
      unknown: charityOf({ slug: 'unknown', name: 'สมชาย', totals: [] }),
    });
    for (const slug of ['cjk', 'mixed', 'unknown']) {
      expect([slug, pngSize((await service.charityCard(slug)).card.png)]).toEqual([slug, { width: 1200, height: 630 }]);
    }
  });
});
