import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  CHARITIES,
  CHARITY_NOT_FOUND,
  COMMUNITY,
  EVENT_LIMITS,
  EVENT_NOT_FOUND,
  RUNNER_PROFILE_NOT_FOUND,
  SLUG_PATTERN,
  TEAMS,
  TEAM_NOT_FOUND,
  charitySlugSchema,
  runnerPageSlugOf,
  teamSlugSchema,
  urlSlugSchema,
  type Charity,
  type CharityPageResponse,
  type EventPageResponse,
  type PublicProfileView,
  type RaceEvent,
  type Team,
  type TeamPageResponse,
} from '@runpledge/contracts';
import { env } from '../config/env.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { PublicProfileViews } from '../profiles/public-profile-views.js';
import { ShareCardCache, etagOf, type CardLookup, type RenderedCard } from './share-card.cache.js';
import {
  charityShareCardContent,
  eventShareCardContent,
  shareCardContent,
  shareCardVersion,
  teamShareCardContent,
} from './share-card.content.js';
import { charityPageDataScript, eventPageDataScript, runnerPageDataScript, teamPageDataScript } from './page-data.js';
import { Renderer } from './render-pool.js';
import { sectionSlugOf } from './route-preloads.js';
import type { ShareCardContent } from './share-card.renderer.js';
import {
  charityShareTags,
  eventShareTags,
  renderShareTags,
  runnerShareTags,
  siteShareTags,
  teamShareTags,
} from './share-tags.js';

/** A runner's card as the image route answers it. */
export interface RunnerCard extends CardLookup {
  /** The version the card's URL should carry; a request naming another one gets a short cache life. */
  version: string;
}

/** How long a page's HTML waits for its tags before going out with the site's. */
const TAGS_DEADLINE_MS = 1500;

/**
 * What crawlers and messengers read of a page without running JavaScript: the head tags of each
 * published runner page and its 1200×630 card, drawn once per change of what it shows.
 */
@Injectable()
export class SharePreviewsService {
  private readonly logger = new Logger(SharePreviewsService.name);
  private readonly cards = new ShareCardCache((content) => this.drawCard(content), {
    maxBytes: 64 * 1024 * 1024,
    // The render pool bounds drawings (and turns a burst past its queue away with 503).
    maxConcurrentRenders: Number.POSITIVE_INFINITY,
  });
  private siteCardPng: Promise<RenderedCard> | undefined;

  constructor(
    private readonly views: PublicProfileViews,
    private readonly renderer: Renderer,
    private readonly rpc: NatsRpcClient,
  ) {
    // A changed page's cards go with its cached view (the NATS announcement, or a write through this replica).
    views.cache.onInvalidate((slugs) => (slugs === 'all' ? this.cards.clear() : this.cards.dropSlugs(slugs)));
  }

  /** How many cards this replica drew, for tests and figures. */
  get rendersSoFar(): number {
    return this.cards.renders;
  }

  /**
   * The head tags (escaped HTML) for a path of the web app: a published runner's, a team's, a
   * charity's or an event's own, with the page's data for the app, else the site's.
   */
  async tagsFor(path: string): Promise<string> {
    const eventSlug = eventSlugOf(path);
    if (eventSlug !== undefined) {
      const page = await this.lookUpForTags(path, () => this.eventBySlug(eventSlug));
      if (!page) return renderShareTags(siteShareTags(env.PUBLIC_URL, path));
      const { version } = this.eventContentOf(page.event);
      const tags = renderShareTags(eventShareTags(page.event, env.PUBLIC_URL, eventCardPath(page.event.slug, version)));
      return `${tags}\n    ${eventPageDataScript(page)}`;
    }
    const charitySlug = charitySlugOf(path);
    if (charitySlug !== undefined) {
      const page = await this.lookUpForTags(path, () => this.charityBySlug(charitySlug));
      if (!page) return renderShareTags(siteShareTags(env.PUBLIC_URL, path));
      const { charity } = page;
      const { version } = this.charityContentOf(charity);
      const tags = renderShareTags(charityShareTags(charity, env.PUBLIC_URL, charityCardPath(charity.slug, version)));
      return `${tags}\n    ${charityPageDataScript(page)}`;
    }
    const teamSlug = teamSlugOf(path);
    if (teamSlug !== undefined) {
      const team = await this.lookUpForTags(path, () => this.teamBySlug(teamSlug));
      if (!team) return renderShareTags(siteShareTags(env.PUBLIC_URL, path));
      const { version } = this.teamContentOf(team.team);
      const tags = renderShareTags(teamShareTags(team.team, env.PUBLIC_URL, teamCardPath(team.team.slug, version)));
      return `${tags}\n    ${teamPageDataScript(team)}`;
    }
    const view = await this.publishedPageAt(path);
    if (!view) return renderShareTags(siteShareTags(env.PUBLIC_URL, path));
    const { version } = this.contentOf(view);
    const tags = renderShareTags(runnerShareTags(view, env.PUBLIC_URL, cardPath(view.urlSlug, version)));
    return `${tags}\n    ${runnerPageDataScript(view)}`;
  }

  /**
   * `/{new}` (with `/fitness` or `/edit` kept) for a path naming a published page by a slug it had
   * before moving; undefined otherwise. An unpublished page's new address is not told to anyone.
   */
  async movedPath(path: string): Promise<string | undefined> {
    const match = /^\/([^/.]+)(\/fitness|\/edit)?\/?$/.exec(path);
    if (!match) return undefined;
    const slug = match[1]!;
    const view = await this.publishedPageAt(`/${slug}`);
    if (!view || view.urlSlug === slug.toLowerCase()) return undefined;
    return `/${view.urlSlug}${match[2] ?? ''}`;
  }

  /** A published page's card; 404 `Runner profile not found` for an unknown or unpublished page. */
  async runnerCard(slug: string): Promise<RunnerCard> {
    const view = await this.views.bySlug(slug);
    if (!view.published) throw new NotFoundException(RUNNER_PROFILE_NOT_FOUND);
    const { content, version } = this.contentOf(view);
    return { ...(await this.cards.get(view.urlSlug, version, content)), version };
  }

  /** A team's card; 404 `Team not found` for an unknown or deleted team. */
  async teamCard(slug: string): Promise<RunnerCard> {
    const { team } = await this.teamBySlug(slug);
    const { content, version } = this.teamContentOf(team);
    // Kept beside the runners' cards under a key no page slug can take.
    return { ...(await this.cards.get(`teams/${team.slug}`, version, content)), version };
  }

  /** The site's own card, drawn once per process. */
  siteCard(): Promise<RenderedCard> {
    this.siteCardPng ??= this.renderer.run({ kind: 'site-card' }).then(
      ({ png, renderMs }) => ({ png: asBuffer(png), etag: etagOf(asBuffer(png)), renderMs }),
      (err: unknown) => {
        this.siteCardPng = undefined;
        throw err;
      },
    );
    return this.siteCardPng;
  }

  private async drawCard(content: ShareCardContent): Promise<Buffer> {
    return asBuffer((await this.renderer.run({ kind: 'share-card', content })).png);
  }

  private contentOf(view: PublicProfileView) {
    const content = shareCardContent(view, env.PUBLIC_URL);
    return { content, version: shareCardVersion(content) };
  }

  /** An event's card; 404 `Event not found` for an unknown event. */
  async eventCard(slug: string): Promise<RunnerCard> {
    const { event } = await this.eventBySlug(slug);
    const { content, version } = this.eventContentOf(event);
    // Kept beside the runners' cards under a key no page slug can take.
    return { ...(await this.cards.get(`events/${event.slug}`, version, content)), version };
  }

  private eventContentOf(event: RaceEvent) {
    const content = eventShareCardContent(event, env.PUBLIC_URL);
    return { content, version: shareCardVersion(content) };
  }

  /** The event's page at a slug as a visitor reads it first (ranked by raised, first page); 404 when there is none. */
  private async eventBySlug(slug: string): Promise<EventPageResponse> {
    const key = slug.toLowerCase();
    if (key.length > EVENT_LIMITS.slug || !SLUG_PATTERN.test(key)) throw new NotFoundException(EVENT_NOT_FOUND);
    return this.rpc.call(COMMUNITY.events.getBySlug, { slug: key, query: { by: 'raised', page: 1 } });
  }

  /** A charity's card; 404 `Charity not found` for an unknown charity. */
  async charityCard(slug: string): Promise<RunnerCard> {
    const { charity } = await this.charityBySlug(slug);
    const { content, version } = this.charityContentOf(charity);
    // Kept beside the runners' cards under a key no page slug can take.
    return { ...(await this.cards.get(`charities/${charity.slug}`, version, content)), version };
  }

  private charityContentOf(charity: Charity) {
    const content = charityShareCardContent(charity, env.PUBLIC_URL);
    return { content, version: shareCardVersion(content) };
  }

  /** The charity's page at a slug as a visitor reads it (ranked by raised, first page); 404 when there is none. */
  private async charityBySlug(slug: string): Promise<CharityPageResponse> {
    const key = slug.toLowerCase();
    // Reserved addresses (/charities/new, /charities/verify…) are the app's own screens, no charity's.
    if (!charitySlugSchema.safeParse(key).success) throw new NotFoundException(CHARITY_NOT_FOUND);
    return this.rpc.call(CHARITIES.getBySlug, { slug: key, query: { by: 'raised', page: 1 } });
  }

  /**
   * What a page's tags are made of, or undefined for the site's: an unknown page quietly, a failed
   * or slow look-up (past the deadline) with a warning.
   */
  private async lookUpForTags<T>(path: string, lookUp: () => Promise<T>): Promise<T | undefined> {
    try {
      return await withDeadline(lookUp());
    } catch (err) {
      if (!(err instanceof NotFoundException)) {
        this.logger.warn(`share tags of ${path} fell back to the site's: ${messageOf(err)}`);
      }
      return undefined;
    }
  }

  private teamContentOf(team: Team) {
    const content = teamShareCardContent(team, env.PUBLIC_URL);
    return { content, version: shareCardVersion(content) };
  }

  /** The team at a slug as a visitor reads it (first page of members, by raised); 404 when there is none. */
  private async teamBySlug(slug: string): Promise<TeamPageResponse> {
    const key = slug.toLowerCase();
    if (!teamSlugSchema.safeParse(key).success) throw new NotFoundException(TEAM_NOT_FOUND);
    return this.rpc.call(TEAMS.getBySlug, { slug: key, query: { by: 'raised', page: 1 } });
  }

  /** The published page a path shows, if any; a failed look-up (service down) falls back to the site's tags. */
  private async publishedPageAt(path: string): Promise<PublicProfileView | undefined> {
    const slug = runnerPageSlugOf(path);
    // Reserved routes (/login, /payment…) and the /test-{name} debug pages are no runner's.
    if (slug === undefined || !urlSlugSchema.safeParse(slug).success) return undefined;
    try {
      const view = await withDeadline(this.views.bySlug(slug));
      return view.published ? view : undefined;
    } catch (err) {
      if (!(err instanceof NotFoundException)) {
        this.logger.warn(`share tags of /${slug} fell back to the site's: ${messageOf(err)}`);
      }
      return undefined;
    }
  }
}

/** The pages of the app under a section of their own (`/events/{slug}`…), each with its card. */
type PageSection = 'events' | 'teams' | 'charities';

const slugIn = (section: PageSection, path: string) => sectionSlugOf(section, path);

/** The event's slug in `/events/{slug}`, else undefined. */
export const eventSlugOf = (path: string) => slugIn('events', path);

/** The team's slug in `/teams/{slug}`, else undefined. */
export const teamSlugOf = (path: string) => slugIn('teams', path);

/** The charity's slug in `/charities/{slug}`, else undefined. */
export const charitySlugOf = (path: string) => slugIn('charities', path);

/** Every visitor's page waits for its tags: a slow service must not hold the app back. */
async function withDeadline<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${TAGS_DEADLINE_MS} ms`)), TAGS_DEADLINE_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A drawing thread's bytes as a Buffer, without a copy. */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The card's path with its version: a new URL whenever what it draws changes, so it can be cached for good. */
export function cardPath(slug: string, version: string): string {
  return `/api/runner-profile/${slug}/og-image.png?v=${version}`;
}

/** The card's path of a page under a section, with its version. */
const sectionCardPath = (section: PageSection, slug: string, version: string) =>
  `/api/${section}/${slug}/og-image.png?v=${version}`;

/** An event card's path with its version. */
export const eventCardPath = (slug: string, version: string) => sectionCardPath('events', slug, version);

/** A team card's path with its version. */
export const teamCardPath = (slug: string, version: string) => sectionCardPath('teams', slug, version);

/** A charity card's path with its version. */
export const charityCardPath = (slug: string, version: string) => sectionCardPath('charities', slug, version);
