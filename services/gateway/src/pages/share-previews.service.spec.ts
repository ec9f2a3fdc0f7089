import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import type { PublicProfileView } from '@runpledge/contracts';
import { pngSize, publishedView } from '../../test/support/share-fixtures.js';
import { ProfileViewCache } from '../profiles/profile-view.cache.js';
import type { PublicProfileViews } from '../profiles/public-profile-views.js';
import { InlineRenderer } from './render-pool.js';
import { SharePreviewsService } from './share-previews.service.js';

/** Pages by slug as profiles would answer them, through a real view cache. */
function previewsOf(pages: Record<string, PublicProfileView | Error>) {
  const cache = new ProfileViewCache({ ttlMs: 60_000, maxEntries: 100 });
  const load = jest.fn(async (slug: string) => {
    const page = pages[slug];
    if (page === undefined) throw new NotFoundException('Runner profile not found');
    if (page instanceof Error) throw page;
    return page;
  });
  const views = { cache, bySlug: (slug: string) => cache.get(slug, () => load(slug)) } as unknown as PublicProfileViews;
  return { service: new SharePreviewsService(views, new InlineRenderer()), load, cache, pages };
}

const ogTitle = (html: string) => /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1];
const ogImage = (html: string) => /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1];

describe('SharePreviewsService', () => {
  // The failed look-up below is logged on purpose.
  beforeAll(() => Logger.overrideLogger(false));

  it("gives a published page its own tags, naming its card with the card's version", async () => {
    const { service } = previewsOf({ 'jane-runs': publishedView() });
    const html = await service.tagsFor('/jane-runs');
    expect(ogTitle(html)).toBe('Jane Runner is running the Chicago Marathon');
    expect(ogImage(html)).toMatch(
      /^http:\/\/localhost:3000\/api\/runner-profile\/jane-runs\/og-image\.png\?v=[\w-]{16}$/,
    );
    expect(await service.tagsFor('/jane-runs/')).toBe(html);
  });

  it('gives unknown and unpublished pages, failed look-ups and other screens the site tags', async () => {
    const { service, load } = previewsOf({
      hidden: publishedView({ urlSlug: 'hidden', published: false }),
      broken: new ServiceUnavailableException('profiles is not answering'),
    });
    for (const path of ['/nobody', '/hidden', '/broken']) {
      expect([path, ogTitle(await service.tagsFor(path))]).toEqual([path, 'RunPledge · Marathon fundraising pages']);
    }
    expect(load).toHaveBeenCalledTimes(3);
    // Reserved routes, the /test-{name} debug pages, deeper paths and bad slugs are never looked up.
    for (const path of ['/', '/login', '/payment', '/test-jane', '/jane-runs/fitness', '/Not_A_Slug', '/x.js']) {
      expect([path, ogTitle(await service.tagsFor(path))]).toEqual([path, 'RunPledge · Marathon fundraising pages']);
    }
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("names a moved published page's new address for its old one (fitness and edit too), and nothing else", async () => {
    const moved = publishedView({ urlSlug: 'jane-2027' });
    const { service } = previewsOf({
      'jane-runs': moved,
      'jane-2027': moved,
      'hidden-old': publishedView({ urlSlug: 'hidden-new', published: false }),
    });
    expect(await service.movedPath('/jane-runs')).toBe('/jane-2027');
    expect(await service.movedPath('/jane-runs/')).toBe('/jane-2027');
    expect(await service.movedPath('/jane-runs/fitness')).toBe('/jane-2027/fitness');
    expect(await service.movedPath('/jane-runs/edit')).toBe('/jane-2027/edit');
    for (const path of ['/jane-2027', '/hidden-old', '/nobody', '/login', '/jane-runs/other', '/a/b/c']) {
      expect([path, await service.movedPath(path)]).toEqual([path, undefined]);
    }
  });

  it('does not hold a page back for a slow profiles service: the site tags go out after 1.5 s', async () => {
    const { service, load } = previewsOf({});
    load.mockImplementation(() => new Promise<PublicProfileView>(() => {}));
    const started = Date.now();
    expect(ogTitle(await service.tagsFor('/slow-runner'))).toBe('RunPledge · Marathon fundraising pages');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('draws a card once, then serves it from memory; a change of the page draws a new one', async () => {
    const { service, cache, pages } = previewsOf({ 'jane-runs': publishedView() });
    const first = await service.runnerCard('jane-runs');
    expect(first.cached).toBe(false);
    expect(pngSize(first.card.png)).toEqual({ width: 1200, height: 630 });
    expect(ogImage(await service.tagsFor('/jane-runs'))).toContain(`v=${first.version}`);

    const second = await service.runnerCard('jane-runs');
    expect(second).toMatchObject({ cached: true, version: first.version });
    expect(second.card.etag).toBe(first.card.etag);
    expect(service.rendersSoFar).toBe(1);

    pages['jane-runs'] = publishedView({ fundsRaised: '2500.00', totalDonors: 30 });
    cache.invalidate(publishedView().id);
    const changed = await service.runnerCard('jane-runs');
    expect(changed.cached).toBe(false);
    expect(changed.version).not.toBe(first.version);
    expect(changed.card.etag).not.toBe(first.card.etag);
    expect(service.rendersSoFar).toBe(2);
    expect(ogImage(await service.tagsFor('/jane-runs'))).toContain(`v=${changed.version}`);
  });

  it('has no card for an unknown or unpublished page', async () => {
    const { service } = previewsOf({ hidden: publishedView({ urlSlug: 'hidden', published: false }) });
    await expect(service.runnerCard('hidden')).rejects.toBeInstanceOf(NotFoundException);
    await expect(service.runnerCard('nobody')).rejects.toBeInstanceOf(NotFoundException);
    expect(service.rendersSoFar).toBe(0);
  });
});
