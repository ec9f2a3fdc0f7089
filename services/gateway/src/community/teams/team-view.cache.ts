/**
 * A visitor's reads of team pages, kept for a moment: a popular team read by many at once costs
 * profiles one read per TTL (concurrent misses share one call). Only anonymous views (the captain's
 * own view says `isCaptain`), and `clear` after any team write through this replica.
 */
export class TeamViewCache<T> {
  private readonly entries = new Map<string, { expires: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const found = this.entries.get(key);
    if (found && found.expires > now) return found.value;
    if (this.entries.size >= this.maxEntries) this.evictExpired(now);
    const value = load();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    // A failed read is not kept: the next visitor asks again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  private evictExpired(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    // Still full of live entries: start over rather than grow.
    if (this.entries.size >= this.maxEntries) this.entries.clear();
  }
}
