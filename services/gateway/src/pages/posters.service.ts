import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PROFILES } from '@runpledge/contracts';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { env } from '../config/env.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { RateLimitService } from '../identity/rate-limit.service.js';
import type { PosterContent } from './poster.renderer.js';
import { Renderer } from './render-pool.js';
import { asBuffer } from './share-previews.service.js';
import { etagOf } from './share-card.cache.js';
import { formatMarathonDate, pageAddress } from './share-card.content.js';

/** Bumped when the poster's design changes. */
const DESIGN_VERSION = 1;

export interface Poster {
  png: Buffer;
  pdf: Buffer;
  pngEtag: string;
  pdfEtag: string;
  renderMs: number;
}

export interface PosterLookup {
  poster: Poster;
  slug: string;
  /** Whether this request found it drawn (or joined a drawing under way). */
  cached: boolean;
}

/** What a poster's first request brings to its drawing: what it shows, and who pays for it. */
interface PosterDrawing {
  content: PosterContent;
  userId: string;
  reply?: FastifyReply;
}

/**
 * The owner's race-day poster (A4 PNG and PDF with a QR code to the page), drawn in the render
 * pool and kept in this replica's memory by what it shows: a changed name, marathon or address
 * draws a new one, an unchanged page is never drawn twice. Each new drawing spends one of the
 * owner's poster budget (429 past it); one already drawn is free.
 */
@Injectable()
export class PostersService {
  private readonly posters = new LRUCache<string, Poster, PosterDrawing>({
    // A poster is ~300 KB of PNG plus as much of PDF.
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (p) => p.png.length + p.pdf.length,
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => this.draw(context),
  });
  /** How many posters this replica drew, for tests. */
  renders = 0;

  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly renderer: Renderer,
    private readonly limits: RateLimitService,
  ) {}

  /** The caller's page's poster; profiles applies the owner's rule (404 unknown, 403 not theirs). */
  async forOwner(userId: string, profileId: string, reply?: FastifyReply): Promise<PosterLookup> {
    const page = await this.rpc.call(PROFILES.profile.getOwnSummary, { userId, profileId });
    const content: PosterContent = {
      name: page.name,
      marathonName: page.marathonName,
      marathonDate: formatMarathonDate(page.marathonDate),
      pageUrl: `${env.PUBLIC_URL.replace(/\/$/, '')}/${page.urlSlug}`,
      pageAddress: pageAddress(env.PUBLIC_URL, page.urlSlug),
    };
    const status: LRUCache.Status<string, Poster, PosterDrawing> = {};
    const poster = await this.posters.fetch(versionOf(content), { context: { content, userId, reply }, status });
    if (!poster) throw new Error(`the poster of ${page.urlSlug} could not be drawn`);
    return { poster, slug: page.urlSlug, cached: status.fetch !== 'miss' };
  }

  private async draw({ content, userId, reply }: PosterDrawing): Promise<Poster> {
    await this.limits.consume('posterRenderUser', userId, reply, 'posters drawn');
    let drawn;
    try {
      drawn = await this.renderer.run({ kind: 'poster', content, title: `${content.name}: race-day poster` });
    } catch (err) {
      // Turned away by a full queue: that drawing never happened, so it costs the owner nothing.
      if (err instanceof ServiceUnavailableException) await this.limits.refund('posterRenderUser', userId);
      throw err;
    }
    this.renders += 1;
    const png = asBuffer(drawn.png);
    const pdf = asBuffer(drawn.pdf!);
    return { png, pdf, pngEtag: etagOf(png), pdfEtag: etagOf(pdf), renderMs: drawn.renderMs };
  }
}

const versionOf = (content: PosterContent): string =>
  createHash('sha256')
    .update(JSON.stringify([DESIGN_VERSION, content]))
    .digest('base64url');
