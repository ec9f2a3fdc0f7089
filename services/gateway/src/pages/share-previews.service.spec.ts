import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import {
  CHARITIES,
  CHARITY_NOT_FOUND,
  COMMUNITY,
  EVENT_NOT_FOUND,
  type CharityPageResponse,
  type EventPageResponse,
  type PublicProfileView,
  type Team,
} from '@runpledge/contracts';
import { pngSize, publicCharity, publicEvent, publicTeam, publishedView } from '../../test/support/share-fixtures.js';
import type { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { ProfileViewCache } from '../profiles/profile-view.cache.js';
import type { PublicProfileViews } from '../profiles/public-profile-views.js';
import { InlineRenderer } from './render-pool.js';
import { SharePreviewsService } from './share-previews.service.js';

/** What community answers for a slug: its page, a failure, or (absent) not found. */
const answerOf = <T>(found: T | Error | undefined, notFound: string): T => {
  if (found === undefined) throw new NotFoundException(notFound);
  if (found instanceof Error) throw found;
  return found;
};

/** Pages by slug as profiles would answer them, through a real view cache. */
function previewsOf(
  pages: Record<string, PublicProfileView | Error>,
  teams: Record<string, Team | Error> = {},
  community: {
    charities?: Record<string, CharityPageResponse | Error>;
    events?: Record<string, EventPageResponse | Error>;
  } = {},
) {
  const cache = new ProfileViewCache({ ttlMs: 60_000, maxEntries: 100 });
  const load = jest.fn(async (slug: string) => {
    const page = pages[slug];
    if (page === undefined) throw new NotFoundException('Runner profile not found');
    if (page instanceof Error) throw page;
    return page;
  });
  const views = { cache, bySlug: (slug: string) => cache.get(slug, () => load(slug)) } as unknown as PublicProfileViews;
  // Teams, charities and events by slug as community answers them over NATS.
  const call = jest.fn(async (pattern: string, request: { slug: string; query: unknown }) => {
    if (pattern === CHARITIES.getBySlug) return answerOf(community.charities?.[request.slug], CHARITY_NOT_FOUND);
    if (pattern === COMMUNITY.events.getBySlug) return answerOf(community.events?.[request.slug], EVENT_NOT_FOUND);
    const team = answerOf(teams[request.slug], 'Team not found');
    return { team, members: [], page: 1, totalPages: 1 };
  });
  const rpc = { call } as unknown as NatsRpcClient;
  return { service: new SharePreviewsService(views, new InlineRenderer(), rpc), load, cache, pages, teams, call };
}

/** The JSON of the data script with `id` in a page's head, or null without one. */
const embeddedIn = (html: string, id: string): unknown =>
  JSON.parse(new RegExp(`<script id="${id}" type="application/json">(.*?)</script>`).exec(html)?.[1] ?? 'null');

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
    const { service, teams, call } = previewsOf({}, { 'sick-kids-chicago': publicTeam() });
    const html = await service.tagsFor('/teams/sick-kids-chicago');
    expect(ogTitle(html)).toBe('Sick Kids Runners is running the Chicago Marathon for Children’s Hospital');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/teams/sick-kids-chicago" />');
    expect(ogImage(html)).toMatch(
      /^http:\/\/localhost:3000\/api\/teams\/sick-kids-chicago\/og-image\.png\?v=[\w-]{16}$/,
    );
    // A team page carries the team as a visitor reads it, and no runner page's data.
    expect(embeddedIn(html, 'rp-team-page')).toEqual({
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
    expect(call).toHaveBeenCalledWith('community.teams.get-by-slug', {
      slug: 'sick-kids-chicago',
      query: { by: 'raised', page: 1 },
    });
  });

  it('gives unknown and deleted teams, failed look-ups and the team screens the site tags; no card for them', async () => {
    const { service, call } = previewsOf({}, { broken: new ServiceUnavailableException('profiles is not answering') });
    for (const path of ['/teams/gone', '/teams/broken']) {
      expect([path, ogTitle(await service.tagsFor(path))]).toEqual([path, 'RunPledge · Marathon fundraising pages']);
    }
    expect(call).toHaveBeenCalledTimes(2);
    // Reserved addresses (the create form), the captain's panel and bad slugs are never looked up.
    for (const path of ['/teams/new', '/teams/gone/manage', '/teams/Not_A_Slug', '/teams']) {
      expect([path, ogTitle(await service.tagsFor(path))]).toEqual([path, 'RunPledge · Marathon fundraising pages']);
    }
    expect(call).toHaveBeenCalledTimes(2);
    await expect(service.teamCard('gone')).rejects.toBeInstanceOf(NotFoundException);
    expect(service.rendersSoFar).toBe(0);
  });

  it("carries a charity's first page as a visitor reads it, its mission unable to close the script", async () => {
    const page: CharityPageResponse = {
      charity: publicCharity({ mission: 'We fund nurses.</script><script>alert(1)</script>' }),
      runners: [],
      teams: [{ slug: 'sick-kids-chicago', name: 'Sick Kids Runners', raised: '12500.00', currency: 'USD' }],
      events: [],
      page: 1,
      totalPages: 3,
    };
    const { service, call } = previewsOf({}, {}, { charities: { 'sick-kids': page } });
    const html = await service.tagsFor('/charities/sick-kids');
    expect(html).not.toContain('<script>alert');
    expect(embeddedIn(html, 'rp-charity-page')).toEqual({ slug: 'sick-kids', charity: page });
    expect(html).not.toMatch(/rp-(runner|team|event)-page/);
    expect(call).toHaveBeenCalledWith(CHARITIES.getBySlug, { slug: 'sick-kids', query: { by: 'raised', page: 1 } });
  });

  it("never embeds a staff member's view of a charity", async () => {
    const page: CharityPageResponse = {
      charity: publicCharity({ isStaff: true }),
      runners: [],
      teams: [],
      events: [],
      page: 1,
      totalPages: 1,
    };
    const { service } = previewsOf({}, {}, { charities: { 'sick-kids': page } });
    const embedded = embeddedIn(await service.tagsFor('/charities/sick-kids'), 'rp-charity-page');
    expect(embedded).toMatchObject({ charity: { charity: { slug: 'sick-kids', isStaff: false } } });
  });

  it("carries an event's first page (by raised, no search) in its HTML, and no other page's data", async () => {
    const page: EventPageResponse = {
      event: publicEvent({ name: 'London </script> Marathon' }),
      runners: [],
      teams: [],
      charities: [],
      page: 1,
      totalPages: 1,
    };
    const { service, call } = previewsOf({}, {}, { events: { 'tcs-london-marathon-2099': page } });
    const html = await service.tagsFor('/events/tcs-london-marathon-2099/');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(embeddedIn(html, 'rp-event-page')).toEqual({ slug: 'tcs-london-marathon-2099', event: page });
    expect(html).not.toMatch(/rp-(runner|team|charity)-page/);
    expect(call).toHaveBeenCalledWith(COMMUNITY.events.getBySlug, {
      slug: 'tcs-london-marathon-2099',
      query: { by: 'raised', page: 1 },
    });
  });

  it('embeds nothing for an unknown charity or event, nor when community is not answering', async () => {
    const away = new ServiceUnavailableException('community is not answering');
    const { service } = previewsOf({}, {}, { charities: { broken: away }, events: { broken: away } });
    for (const path of ['/charities/gone', '/charities/broken', '/charities/new', '/events/gone', '/events/broken']) {
      const html = await service.tagsFor(path);
      expect([path, ogTitle(html)]).toEqual([path, 'RunPledge · Marathon fundraising pages']);
      expect([path, html.includes('<script')]).toEqual([path, false]);
    }
  });
});
