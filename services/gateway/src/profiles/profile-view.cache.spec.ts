import { describe, expect, it, jest } from '@jest/globals';
import type { PublicProfileView } from '@runpledge/contracts';
import { ProfileViewCache } from './profile-view.cache.js';

const view = (id: string, description = 'story') => ({ id, urlSlug: `slug-${id}`, description }) as PublicProfileView;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ProfileViewCache', () => {
  it('answers from memory until the TTL passes', async () => {
    let now = 0;
    const cache = new ProfileViewCache({ ttlMs: 1000, maxEntries: 10, now: () => now });
    const load = jest.fn(async () => view('a'));
    await cache.get('jane', load);
    now = 999;
    await cache.get('jane', load);
    expect(load).toHaveBeenCalledTimes(1);
    now = 1000;
    await cache.get('jane', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load among concurrent misses and keeps no error', async () => {
    const cache = new ProfileViewCache({ ttlMs: 1000, maxEntries: 10 });
    const pending = deferred<PublicProfileView>();
    const load = jest.fn(() => pending.promise);
    const both = Promise.all([cache.get('jane', load), cache.get('jane', load)]);
    pending.resolve(view('a'));
    expect(await both).toEqual([view('a'), view('a')]);
    expect(load).toHaveBeenCalledTimes(1);

    const failing = jest.fn(async (): Promise<PublicProfileView> => {
      throw new Error('not found');
    });
    await expect(cache.get('nobody', failing)).rejects.toThrow('not found');
    await expect(cache.get('nobody', failing)).rejects.toThrow('not found');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('drops a page by id or slug when told it changed', async () => {
    const cache = new ProfileViewCache({ ttlMs: 60_000, maxEntries: 10 });
    await cache.get('jane', async () => view('a', 'old'));
    cache.invalidate('a');
    expect(await cache.get('jane', async () => view('a', 'new'))).toEqual(view('a', 'new'));
    cache.invalidate('unknown-id', 'jane');
    expect(await cache.get('jane', async () => view('a', 'newer'))).toEqual(view('a', 'newer'));
  });

  it('drops a moved page under every slug it was read by: its old one and its new one', async () => {
    const cache = new ProfileViewCache({ ttlMs: 60_000, maxEntries: 10 });
    const dropped: (string[] | 'all')[] = [];
    cache.onInvalidate((slugs) => dropped.push(slugs));
    const load = jest.fn(async () => view('a'));
    await cache.get('jane-old', load);
    await cache.get('jane-new', load);
    cache.invalidate('a');
    expect(dropped).toEqual([['jane-old', 'jane-new']]);
    await cache.get('jane-old', load);
    await cache.get('jane-new', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('neither keeps nor shares a load that began before a change', async () => {
    const cache = new ProfileViewCache({ ttlMs: 60_000, maxEntries: 10 });
    const stale = deferred<PublicProfileView>();
    const before = cache.get('jane', () => stale.promise);
    cache.invalidate('a', 'jane');
    const after = cache.get('jane', async () => view('a', 'new'));
    stale.resolve(view('a', 'old'));
    expect(await before).toEqual(view('a', 'old'));
    expect(await after).toEqual(view('a', 'new'));
    expect(await cache.get('jane', async () => view('a', 'unused'))).toEqual(view('a', 'new'));
  });

  it('forgets the oldest entry beyond its size, and everything on clear', async () => {
    const cache = new ProfileViewCache({ ttlMs: 60_000, maxEntries: 2 });
    for (const id of ['a', 'b', 'c']) await cache.get(id, async () => view(id));
    const reload = jest.fn(async () => view('again'));
    await cache.get('b', reload);
    await cache.get('c', reload);
    expect(reload).not.toHaveBeenCalled();
    await cache.get('a', reload);
    expect(reload).toHaveBeenCalledTimes(1);

    cache.clear();
    await cache.get('a', reload);
    expect(reload).toHaveBeenCalledTimes(2);
  });
  describe('getOrStale', () => {
    const outage = (error: unknown) => error instanceof Error && error.message === 'down';
    const down = async (): Promise<PublicProfileView> => {
      throw new Error('down');
    };

    it('serves the last view served while loading fails with an outage, marked stale', async () => {
      let now = 0;
      const cache = new ProfileViewCache({ ttlMs: 1000, maxEntries: 10, now: () => now });
      expect(await cache.getOrStale('jane', async () => view('a'), outage)).toEqual({ view: view('a'), stale: false });
      now = 5000;
      expect(await cache.getOrStale('jane', down, outage)).toEqual({ view: view('a'), stale: true });
      // A page never served, and errors that are not outages, still fail.
      await expect(cache.getOrStale('john', down, outage)).rejects.toThrow('down');
      await expect(
        cache.getOrStale(
          'jane',
          async () => {
            throw new Error('not found');
          },
          outage,
        ),
      ).rejects.toThrow('not found');
    });

    it('forgets the copy of a page that changed (or was unpublished), and everything on clear', async () => {
      let now = 0;
      const cache = new ProfileViewCache({ ttlMs: 1000, maxEntries: 10, now: () => now });
      await cache.getOrStale('jane', async () => view('a'), outage);
      await cache.getOrStale('john', async () => view('b'), outage);
      now = 5000;
      cache.invalidate('a');
      await expect(cache.getOrStale('jane', down, outage)).rejects.toThrow('down');
      expect((await cache.getOrStale('john', down, outage)).stale).toBe(true);
      cache.clear();
      await expect(cache.getOrStale('john', down, outage)).rejects.toThrow('down');
    });
  });
});
