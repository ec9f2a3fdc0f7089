/**
 * At most `limit` platform reads per host at once in this process. A read that finds its host full
 * does not wait here (that would hold a worker slot): the caller gives the slot back and retries later.
 */
export class HostSlots {
  private readonly inUse = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** A release function when `host` has a free slot, else undefined. */
  take(host: string): (() => void) | undefined {
    const key = host.toLowerCase();
    const used = this.inUse.get(key) ?? 0;
    if (used >= this.limit) return undefined;
    this.inUse.set(key, used + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inUse.get(key) ?? 1) - 1;
      if (left > 0) this.inUse.set(key, left);
      else this.inUse.delete(key);
    };
  }
}
