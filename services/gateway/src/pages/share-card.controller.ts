import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../common/public.decorator.js';
import { matchesEtag, type RenderedCard } from './share-card.cache.js';
import { SharePreviewsService } from './share-previews.service.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** A card asked for without its current version (an old share, a hand-typed URL): it may change soon. */
const UNVERSIONED_SECONDS = 5 * 60;
const SITE_CARD_SECONDS = 24 * 60 * 60;

/** The 1200×630 PNG cards that pages name in `og:image`: public, so messengers can fetch them. */
@Public()
@Controller()
export class ShareCardController {
  constructor(private readonly previews: SharePreviewsService) {}

  @Get('runner-profile/:slug/og-image.png')
  async runnerCard(
    @Param('slug') slug: string,
    @Query('v') version: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const card = await this.previews.runnerCard(slug);
    // Only the URL that names this exact drawing may be kept for good.
    const cacheControl =
      typeof version === 'string' && version === card.version
        ? `public, max-age=${YEAR_SECONDS}, immutable`
        : `public, max-age=${UNVERSIONED_SECONDS}`;
    send(request, reply, card.card, cacheControl, card.cached);
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
