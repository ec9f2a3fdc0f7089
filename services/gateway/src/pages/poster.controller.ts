import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { RUNNER_PROFILE_NOT_FOUND, type SessionUser } from '@runpledge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { idOr404 } from '../profiles/route-ids.js';
import { PostersService, type PosterLookup } from './posters.service.js';
import { matchesEtag } from './share-card.cache.js';

/** The owner's printable race-day poster: GET …/poster.pdf (A4) and …/poster.png (A4 at 150 dpi). */
@Controller('runner-profile/:id')
export class PosterController {
  constructor(private readonly posters: PostersService) {}

  @Get('poster.pdf')
  async pdf(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const found = await this.posters.forOwner(user.id, idOr404(id, RUNNER_PROFILE_NOT_FOUND), reply);
    send(request, reply, found, 'pdf');
  }

  @Get('poster.png')
  async png(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const found = await this.posters.forOwner(user.id, idOr404(id, RUNNER_PROFILE_NOT_FOUND), reply);
    send(request, reply, found, 'png');
  }
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  { poster, slug, cached }: PosterLookup,
  kind: 'pdf' | 'png',
): void {
  const etag = kind === 'pdf' ? poster.pdfEtag : poster.pngEtag;
  void reply
    // The owner's own: kept by their browser only, checked again each time (a page edit changes it).
    .header('cache-control', 'private, no-cache')
    .header('etag', etag)
    .header('server-timing', cached ? 'poster;desc="cached"' : `poster;desc="drawn";dur=${poster.renderMs.toFixed(1)}`)
    .header('content-disposition', `attachment; filename="runpledge-poster-${slug}.${kind}"`);
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    void reply.status(304).send();
    return;
  }
  void reply.type(kind === 'pdf' ? 'application/pdf' : 'image/png').send(kind === 'pdf' ? poster.pdf : poster.png);
}
