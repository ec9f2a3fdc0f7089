import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import type { PublicProfileView, Team } from '@runpledge/contracts';
import { pngSize, publicTeam, publishedView } from '../../test/support/share-fixtures.js';
import type { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { ProfileViewCache } from '../profiles/profile-view.cache.js';
import type { PublicProfileViews } from '../profiles/public-profile-views.js';
import { InlineRenderer } from './render-pool.js';
import { SharePreviewsService } from './share-previews.service.js';

/** Pages by slug as profiles would answer them, through a real view cache. */
function previewsOf(pages: Record<string, PublicProfileView | Error>, teams: Record<string, Team | Error> = {}) {
  const cache = new ProfileViewCache({ ttlMs: 60_000, maxEntries: 100 });
  const load = jest.fn(async (slug: string) => {
    const page = pages[slug];
    if (page === undefined) throw new NotFoundException('Runner profile not found');
    if (page instanceof Error) throw page;
    return page;
  });
  const views = { cache, bySlug: (slug: string) => cache.get(slug, () => load(slug)) } as unknown as PublicProfileViews;
  // Teams by slug as profiles answers them over NATS.
  const teamCall = jest.fn(async (_pattern: string, request: { slug: string }) => {
    const team = teams[request.slug];
    if (team === undefined) throw new NotFoundException('Team not found');
    if (team instanceof Error) throw team;
    return { team, members: [], page: 1, totalPages: 1 };
  });
  const rpc = { call: teamCall } as unknown as NatsRpcClient;
  return { service: new SharePreviewsService(views, new InlineRenderer(), rpc), load, cache, pages, teams, teamCall };
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

  it("gives a team page its own tags and card, a new card version when the team's total moves", async () => {
    const { service, teams, teamCall } = previewsOf({}, { 'sick-kids-chicago': publicTeam() });
    const html = await service.tagsFor('/teams/sick-kids-chicago');
    expect(ogTitle(html)).toBe('Sick Kids Runners is running the Chicago Marathon for Children’s Hospital');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/teams/sick-kids-chicago" />');
    expect(ogImage(html)).toMatch(
      /^http:\/\/localhost:3000\/api\/teams\/sick-kids-chicago\/og-image\.png\?v=[\w-]{16}$/,
    );
    // A team page carries the team as a visitor reads it, and no runner page's data.
    const embedded = /<script id="rp-team-page" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(embedded ?? 'null')).toEqual({
      slug: 'sick-kids-chicago',
      team: { team: teams['sick-kids-chicago'], members: [], page: 1, totalPages: 1 },
    });
    expect(html).not.toContain('rp-runner-page');

    const card = await service.teamCard('sick-kids-chicago');
    expect(pngSize(card.card.png)).toEqual({ width: 1200, height: 630 });
    expect(ogImage(html)).toContain(`v=${card.version}`);
    expect((await service.teamCard('sick-kids-chicago')).cached).toBe(true);

    teams['sick-kids-chicago'] = publicTeam({ raised: '13000.00', donors: 141 });
    const moved = await service.teamCard('sick-kids-chicago');
    expect(moved.cached).toBe(false);
    expect(moved.version).not.toBe(card.version);
    expect(ogImage(await service.tagsFor('/teams/sick-kids-chicago/'))).toContain(`v=${moved.version}`);
    expect(teamCall).toHaveBeenCalledWith('community.teams.get-by-slug', {
      slug: 'sick-kids-chicago',
      query: { by: 'raised', page: 1 },
    });
  });

  it('gives unknown and deleted teams, failed look-ups and the team screens the site tags; no card for them', async () => {
    const { service, teamCall } = previewsOf(
      {},
      { broken: new ServiceUnavailableException('profiles is not answering') },
    );
    for (const path of ['/teams/gone', '/teams/broken']) {
      expect([path, ogTitle(await service.tagsFor(path))]).toEqual([path, 'RunPledge · Marathon fundraising pages']);
    }
    expect(teamCall).toHaveBeenCalledTimes(2);
    // Reserved addresses (the create form), the captain's panel and bad slugs are never looked up.
    for (const path of ['/teams/new', '/teams/gone/manage', '/teams/Not_A_Slug', '/teams']) {
      expect([path, ogTitle(await service.tagsFor(path))]).toEqual([path, 'RunPledge · Marathon fundraising pages']);
    }
    expect(teamCall).toHaveBeenCalledTimes(2);
    await expect(service.teamCard('gone')).rejects.toBeInstanceOf(NotFoundException);
    expect(service.rendersSoFar).toBe(0);
  });
});
