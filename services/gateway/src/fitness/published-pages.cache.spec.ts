import { describe, expect, it } from '@jest/globals';
import { PublishedPagesCache } from './published-pages.cache.js';

describe('PublishedPagesCache', () => {
  const page = '00000000-0000-4000-8000-000000000001';
  const runner = '00000000-0000-4000-8000-0000000000aa';

  it('remembers a published page for its TTL at most', () => {
    let now = 0;
    const cache = new PublishedPagesCache({ ttlMs: 1000, maxEntries: 10, now: () => now });
    expect(cache.runnerOf(page)).toBeUndefined();
    cache.remember(page, runner, cache.version);
    expect(cache.runnerOf(page)).toBe(runner);
    now = 999;
    expect(cache.runnerOf(page)).toBe(runner);
    now = 1000;
    expect(cache.runnerOf(page)).toBeUndefined();
  });

  it('forgets a page when it changes, and everything on "all"', () => {
    const other = '00000000-0000-4000-8000-000000000002';
    const cache = new PublishedPagesCache({ ttlMs: 60_000, maxEntries: 10 });
    cache.remember(page, runner, cache.version);
    cache.remember(other, runner, cache.version);
    cache.invalidate(page);
    expect(cache.runnerOf(page)).toBeUndefined();
    expect(cache.runnerOf(other)).toBe(runner);
    cache.invalidate('all');
    expect(cache.runnerOf(other)).toBeUndefined();
  });

  it('does not keep an answer asked for before a change was announced (it may predate the change)', () => {
    const cache = new PublishedPagesCache({ ttlMs: 60_000, maxEntries: 10 });
    const asked = cache.version;
    cache.invalidate(page); // e.g. unpublished while profiles' answer was on its way
    cache.remember(page, runner, asked);
    expect(cache.runnerOf(page)).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const cache = new PublishedPagesCache({ ttlMs: 60_000, maxEntries: 2 });
    const ids = [1, 2, 3].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
    for (const id of ids) cache.remember(id, runner, cache.version);
    expect(ids.map((id) => cache.runnerOf(id))).toEqual([undefined, runner, runner]);
  });
});
