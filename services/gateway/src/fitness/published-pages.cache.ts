/**
 * Which pages are published (public to every visitor), by page id, with each page's runner: what
 * profiles answered to a visitor, in this gateway replica's memory. Only the public fact is kept (an
 * unpublished page's answer depends on who asks); profiles announces every committed change to a
 * page or its owner's access (PROFILE_CACHE_INVALIDATION, as for the page view cache) and the entry
 * goes. The TTL bounds what no announcement covers: an announcement lost, or access running out
 * by the clock.
 */
export class PublishedPagesCache {
  private readonly runners = new Map<string, { userId: string; expiresAt: number }>();
  /** Bumped by every invalidation: an answer asked for before one may be stale, so it is not kept. */
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: { ttlMs: number; maxEntries: number; now?: () => number }) {
    this.now = options.now ?? Date.now;
  }

  /** The runner of a published page, when known. */
  runnerOf(profileId: string): string | undefined {
    const entry = this.runners.get(profileId);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > this.now()) return entry.userId;
    this.runners.delete(profileId);
    return undefined;
  }

  /** A token to pass to `remember`: taken before asking profiles. */
  get version(): number {
    return this.generation;
  }

  /** Keeps that the page is published, unless it changed since `version` was taken. */
  remember(profileId: string, userId: string, version: number): void {
    if (version !== this.generation || this.options.ttlMs <= 0) return;
    this.runners.delete(profileId);
    this.runners.set(profileId, { userId, expiresAt: this.now() + this.options.ttlMs });
    // Map order is insertion order: the first key is the oldest entry.
    while (this.runners.size > this.options.maxEntries) this.runners.delete(this.runners.keys().next().value as string);
  }

  /** A page (or its owner's access) changed; 'all' after a reconnect during which announcements may be lost. */
  invalidate(profileId: string | 'all'): void {
    this.generation += 1;
    if (profileId === 'all') this.runners.clear();
    else this.runners.delete(profileId);
  }
}
