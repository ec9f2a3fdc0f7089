import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import type { ShareCardContent } from './share-card.renderer.js';

export interface RenderedCard {
  png: Buffer;
  /** Strong validator of these exact bytes. */
  etag: string;
  /** How long drawing it took. */
  renderMs: number;
}

/** A card and whether this request found it kept (or joined a render already under way). */
export interface CardLookup {
  card: RenderedCard;
  cached: boolean;
}

export interface ShareCardCacheOptions {
  /** Bound of the PNG bytes kept (a card is ~150 KB). */
  maxBytes: number;
  /** Renders at once: a burst of new cards queues rather than starving the event loop and the CPU. */
  maxConcurrentRenders: number;
}

/**
 * Runners' cards in this replica's memory, by slug and content version: each version is drawn once
 * (concurrent requests share the render), least recently used cards go first, and a changed page's
 * cards are dropped when its change is announced.
 */
/** What a fetch hands to the drawing, boxed: a union context would split the cache's fetch types per member. */
interface DrawContext {
  content: ShareCardContent;
}

export class ShareCardCache {
  private readonly cards: LRUCache<string, RenderedCard, DrawContext>;
  private readonly maxConcurrent: number;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** How many cards were drawn, for tests and the log. */
  renders = 0;

  constructor(
    private readonly render: (content: ShareCardContent) => Promise<Buffer>,
    options: ShareCardCacheOptions,
  ) {
    this.maxConcurrent = options.maxConcurrentRenders;
    this.cards = new LRUCache<string, RenderedCard, DrawContext>({
      maxSize: options.maxBytes,
      sizeCalculation: (card) => card.png.length,
      // A card dropped while drawing is still handed to those waiting for it.
      ignoreFetchAbort: true,
      fetchMethod: (_key, _stale, { context }) => this.draw(context.content),
    });
  }

  /** The card of this version of the page, drawn from `content` unless already kept. */
  async get(slug: string, version: string, content: ShareCardContent): Promise<CardLookup> {
    const status: LRUCache.Status<string, RenderedCard, DrawContext> = {};
    const card = await this.cards.fetch(keyOf(slug, version), { context: { content }, status });
    if (!card) throw new Error(`share card of ${slug} could not be drawn`);
    return { card, cached: status.fetch !== 'miss' };
  }

  /** Drops every version of these pages' cards. */
  dropSlugs(slugs: readonly string[]): void {
    if (slugs.length === 0) return;
    const prefixes = slugs.map((slug) => keyOf(slug, ''));
    for (const key of [...this.cards.keys()]) {
      if (prefixes.some((prefix) => key.startsWith(prefix))) this.cards.delete(key);
    }
  }

  clear(): void {
    this.cards.clear();
  }

  get size(): number {
    return this.cards.size;
  }

  private async draw(content: ShareCardContent): Promise<RenderedCard> {
    await this.slot();
    try {
      this.renders += 1;
      const started = performance.now();
      const png = await this.render(content);
      return { png, etag: etagOf(png), renderMs: performance.now() - started };
    } finally {
      // The slot passes straight to the next waiting render, if any.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  private async slot(): Promise<void> {
    if (this.running < this.maxConcurrent) {
      this.running += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
}

/** A strong ETag of these bytes. */
export const etagOf = (png: Buffer): string => `"${createHash('sha256').update(png).digest('base64url').slice(0, 27)}"`;

/** Whether an `If-None-Match` header names `etag` (weak or strong, one of a list): answer 304. */
export const matchesEtag = (ifNoneMatch: string | undefined, etag: string): boolean =>
  ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;

// A slug never holds a NUL: the separator keeps "jane" from matching "jane-2"'s cards.
const keyOf = (slug: string, version: string) => `${slug}\u0000${version}`;
