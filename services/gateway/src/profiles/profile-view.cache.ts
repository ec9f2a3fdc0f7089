import type { PublicProfileView } from '@runpledge/contracts';

export interface ProfileViewCacheOptions {
  /** Safety net for an invalidation that never arrived (NATS hiccup, a crash right after commit). */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  view: PublicProfileView;
  expiresAt: number;
}

/** A view and whether it is the replica's last copy, served because profiles could not answer. */
export interface MaybeStaleView {
  view: PublicProfileView;
  stale: boolean;
}

/**
 * The public part of page views by slug, in this gateway replica's memory. Profiles announces each
 * committed change and the entry goes; concurrent misses for one slug share one request.
 *
 * Besides, the last view served of each page (same bound, no expiry) stands in while profiles is
 * down (`getOrStale`): a page the replica has served before stays up, marked stale. A change or an
 * unpublish announced by profiles drops that copy too, so no page comes back from it after.
 */
export class ProfileViewCache {
  private readonly entries = new Map<string, Entry>();
  private readonly lastServed = new Map<string, PublicProfileView>();
  /** The keys each page is cached under: its slug, and former slugs it was looked up by. */
  private readonly slugsById = new Map<string, Set<string>>();
  private readonly inflight = new Map<string, Promise<PublicProfileView>>();
  /** Bumped by every invalidation: a load that started before one may be stale, so it is not kept. */
  private generation = 0;
  private readonly now: () => number;
  private readonly listeners: Array<(slugs: string[] | 'all') => void> = [];

  constructor(private readonly options: ProfileViewCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The cached view, or `load()`'s answer, kept unless the page changed meanwhile. Errors are not kept. */
  get(slug: string, load: () => Promise<PublicProfileView>): Promise<PublicProfileView> {
    const entry = this.entries.get(slug);
    if (entry && entry.expiresAt > this.now()) return Promise.resolve(entry.view);
    const pending = this.inflight.get(slug);
    if (pending) return pending;
    const generation = this.generation;
    const loading = load()
      .then((view) => {
        if (generation === this.generation) this.store(slug, view);
        return view;
      })
      .finally(() => {
        if (this.inflight.get(slug) === loading) this.inflight.delete(slug);
      });
    this.inflight.set(slug, loading);
    return loading;
  }

  /**
   * Like `get`, but when loading fails with an outage (`isOutage`: profiles or NATS down, no answer
   * in time) answers the last view served of that page, if any, as `stale`.
   */
  async getOrStale(
    slug: string,
    load: () => Promise<PublicProfileView>,
    isOutage: (error: unknown) => boolean,
  ): Promise<MaybeStaleView> {
    try {
      return { view: await this.get(slug, load), stale: false };
    } catch (error) {
      const last = isOutage(error) ? this.lastServed.get(slug) : undefined;
      if (last === undefined) throw error;
      return { view: last, stale: true };
    }
  }

  /** Drops a changed page, by id (the slug is known from the cache) or by both. */
  invalidate(profileId: string, slug?: string): void {
    this.generation += 1;
    // Requests from now on must not join a load that may have read the old row.
    this.inflight.clear();
    const slugs = [...new Set([...(this.slugsById.get(profileId) ?? []), ...(slug === undefined ? [] : [slug])])];
    this.slugsById.delete(profileId);
    for (const s of slugs) {
      this.entries.delete(s);
      this.lastServed.delete(s);
    }
    for (const listener of this.listeners) listener(slugs);
  }

  /** Forgets everything, e.g. after a NATS reconnect during which invalidations may have been missed. */
  clear(): void {
    this.generation += 1;
    this.inflight.clear();
    this.entries.clear();
    this.slugsById.clear();
    this.lastServed.clear();
    for (const listener of this.listeners) listener('all');
  }

  /** Lets what is derived from pages (their sharing cards) go with them: the slugs dropped, or 'all'. */
  onInvalidate(listener: (slugs: string[] | 'all') => void): void {
    this.listeners.push(listener);
  }

  private store(slug: string, view: PublicProfileView): void {
    this.entries.delete(slug);
    this.entries.set(slug, { view, expiresAt: this.now() + this.options.ttlMs });
    this.slugsById.set(view.id, (this.slugsById.get(view.id) ?? new Set()).add(slug));
    this.lastServed.delete(slug);
    this.lastServed.set(slug, view);
    while (this.lastServed.size > this.options.maxEntries) {
      this.lastServed.delete(this.lastServed.keys().next().value as string);
    }
    // Map order is insertion order: the first key is the oldest entry.
    while (this.entries.size > this.options.maxEntries) {
      const [oldestSlug, oldest] = this.entries.entries().next().value as [string, Entry];
      this.entries.delete(oldestSlug);
      const keys = this.slugsById.get(oldest.view.id);
      keys?.delete(oldestSlug);
      if (keys?.size === 0) this.slugsById.delete(oldest.view.id);
    }
  }
}
