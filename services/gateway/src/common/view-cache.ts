interface Entry<T> {
  /** Until then the value is fresh: it is answered as it is. */
  expires: number;
  /** Until then a settled value is answered while one refresh runs behind it. */
  staleUntil: number;
  value: Promise<T>;
  settled: boolean;
  refreshing: boolean;
}

/**
 * Public reads the same for every visitor (team, charity and event pages, the events directory),
 * kept for a moment per replica: a popular page read by many at once costs its service one read per
 * TTL. Concurrent misses share one call, and once a value has expired it is still answered for up to
 * another TTL while a single refresh runs, so no visitor waits for the read that renews it. A failed
 * read is never kept; `clear` drops everything (and any refresh under way), after a write through
 * this replica.
 */
export class ViewCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Grows with each `clear`: a refresh that started before it keeps nothing. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const found = this.entries.get(key);
    if (found && found.expires > now) return found.value;
    if (found?.settled && found.staleUntil > now) {
      if (!found.refreshing) this.refresh(key, found, load);
      return found.value;
    }
    if (this.entries.size >= this.maxEntries) this.evictExpired(now);
    return this.store(key, load(), now);
  }

  clear(): void {
    this.entries.clear();
    this.generation += 1;
  }

  private store(key: string, value: Promise<T>, now: number): Promise<T> {
    const entry: Entry<T> = {
      expires: now + this.ttlMs,
      staleUntil: now + 2 * this.ttlMs,
      value,
      settled: false,
      refreshing: false,
    };
    this.entries.set(key, entry);
    value.then(
      () => {
        entry.settled = true;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  /** One read behind a stale value; its answer replaces the value (its failure leaves the stale one). */
  private refresh(key: string, stale: Entry<T>, load: () => Promise<T>): void {
    stale.refreshing = true;
    const generation = this.generation;
    load().then(
      (value) => {
        if (this.generation !== generation || this.entries.get(key) !== stale) return;
        const now = Date.now();
        this.entries.set(key, {
          expires: now + this.ttlMs,
          staleUntil: now + 2 * this.ttlMs,
          value: Promise.resolve(value),
          settled: true,
          refreshing: false,
        });
      },
      () => {
        stale.refreshing = false;
      },
    );
  }

  private evictExpired(now: number): void {
    for (const [key, entry] of this.entries) if (entry.staleUntil <= now) this.entries.delete(key);
    // Still full of live entries: start over rather than grow.
    if (this.entries.size >= this.maxEntries) this.entries.clear();
  }
}
