import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../common/public.decorator.js';
import { matchesEtag, type RenderedCard } from './share-card.cache.js';
import { SharePreviewsService } from './share-previews.service.js';

/**
 * Any runner's card, versioned or not: kept a few minutes, then checked again by its ETag, so a
 * page that is unpublished or deleted stops showing within minutes (the check answers 404).
 */
export const RUNNER_CARD_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=60';
const SITE_CARD_SECONDS = 24 * 60 * 60;

/** The 1200×630 PNG cards that pages name in `og:image`: public, so messengers can fetch them. */
@Public()
@Controller()
export class ShareCardController {
  constructor(private readonly previews: SharePreviewsService) {}

  /** `?v=` (the version the page's tags name) only makes each drawing's URL new; it is cached like any other. */
  @Get('runner-profile/:slug/og-image.png')
  async runnerCard(
    @Param('slug') slug: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const card = await this.previews.runnerCard(slug);
    send(request, reply, card.card, RUNNER_CARD_CACHE_CONTROL, card.cached);
  }

  /** A team's card, cached like a runner's: a deleted team's stops showing within minutes. */
  @Get('teams/:slug/og-image.png')
  async teamCard(
    @Param('slug') slug: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const card = await this.previews.teamCard(slug);
    send(request, reply, card.card, RUNNER_CARD_CACHE_CONTROL, card.cached);
  }

  /** An event's card, cached like a runner's. */
  @Get('events/:slug/og-image.png')
  async eventCard(
    @Param('slug') slug: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const card = await this.previews.eventCard(slug);
    send(request, reply, card.card, RUNNER_CARD_CACHE_CONTROL, card.cached);
  }

  /** A charity's card, cached like a runner's. */
  @Get('charities/:slug/og-image.png')
  async charityCard(
    @Param('slug') slug: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const card = await this.previews.charityCard(slug);
    send(request, reply, card.card, RUNNER_CARD_CACHE_CONTROL, card.cached);
  }

  @Get('og-image.png')
  async siteCard(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    send(request, reply, await this.previews.siteCard(), `public, max-age=${SITE_CARD_SECONDS}`, true);
  }
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  card: RenderedCard,
  cacheControl: string,
  cached: boolean,
): void {
  void reply
    .header('cache-control', cacheControl)
    // Whether this request drew the card, and how long that took (render figures; tests).
    .header('server-timing', cached ? 'card;desc="cached"' : `card;desc="drawn";dur=${card.renderMs.toFixed(1)}`)
    .header('etag', card.etag)
    // Helmet's same-origin default would stop other sites' pages from showing the card.
    .header('cross-origin-resource-policy', 'cross-origin');
  if (matchesEtag(request.headers['if-none-match'], card.etag)) {
    void reply.status(304).send();
    return;
  }
  void reply.type('image/png').send(card.png);
}
