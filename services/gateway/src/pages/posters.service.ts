import { Injectable } from '@nestjs/common';
import { PROFILES } from '@runpledge/contracts';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { env } from '../config/env.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { posterPdf, renderPoster, type PosterContent } from './poster.renderer.js';
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

/**
 * The owner's race-day poster (A4 PNG and PDF with a QR code to the page), drawn with the share
 * cards' pipeline and kept in this replica's memory by what it shows: a changed name, marathon or
 * address draws a new one, an unchanged page is never drawn twice.
 */
@Injectable()
export class PostersService {
  private readonly posters = new LRUCache<string, Poster, PosterContent>({
    // A poster is ~300 KB of PNG plus as much of PDF.
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (p) => p.png.length + p.pdf.length,
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => this.draw(context),
  });
  /** How many posters this replica drew, for tests. */
  renders = 0;

  constructor(private readonly rpc: NatsRpcClient) {}

  /** The caller's page's poster; profiles applies the owner's rule (404 unknown, 403 not theirs). */
  async forOwner(userId: string, profileId: string): Promise<PosterLookup> {
    const page = await this.rpc.call(PROFILES.profile.getOwnSummary, { userId, profileId });
    const content: PosterContent = {
      name: page.name,
      marathonName: page.marathonName,
      marathonDate: formatMarathonDate(page.marathonDate),
      pageUrl: `${env.PUBLIC_URL.replace(/\/$/, '')}/${page.urlSlug}`,
      pageAddress: pageAddress(env.PUBLIC_URL, page.urlSlug),
    };
    const status: LRUCache.Status<string, Poster, PosterContent> = {};
    const poster = await this.posters.fetch(versionOf(content), { context: content, status });
    if (!poster) throw new Error(`the poster of ${page.urlSlug} could not be drawn`);
    return { poster, slug: page.urlSlug, cached: status.fetch !== 'miss' };
  }

  private async draw(content: PosterContent): Promise<Poster> {
    this.renders += 1;
    const started = performance.now();
    const drawn = await renderPoster(content);
    const png = drawn.png;
    const pdf = await posterPdf(drawn, `${content.name}: race-day poster`);
    return { png, pdf, pngEtag: etagOf(png), pdfEtag: etagOf(pdf), renderMs: performance.now() - started };
  }
}

const versionOf = (content: PosterContent): string =>
  createHash('sha256')
    .update(JSON.stringify([DESIGN_VERSION, content]))
    .digest('base64url');
