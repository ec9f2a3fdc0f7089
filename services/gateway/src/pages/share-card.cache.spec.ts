import { describe, expect, it, jest } from '@jest/globals';
import { matchesEtag, ShareCardCache } from './share-card.cache.js';
import type { ShareCardContent } from './share-card.renderer.js';

const content = (name: string): ShareCardContent => ({
  name,
  marathonName: 'Chicago Marathon',
  marathonDate: 'Sunday, October 11, 2026',
  pageAddress: 'runpledge.example/jane',
  fundraising: { kind: 'none' },
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const options = { maxBytes: 1024 * 1024, maxConcurrentRenders: 2 };

describe('ShareCardCache', () => {
  it('draws each version once, shares a render among concurrent requests and names the bytes with an ETag', async () => {
    const pending = deferred<Buffer>();
    const render = jest.fn((_c: ShareCardContent) => pending.promise);
    const cache = new ShareCardCache(render, options);
    const both = Promise.all([cache.get('jane', 'v1', content('Jane')), cache.get('jane', 'v1', content('Jane'))]);
    pending.resolve(Buffer.from('png-1'));
    const [first, second] = await both;
    expect(render).toHaveBeenCalledTimes(1);
    expect([first.cached, second.cached]).toEqual([false, true]);
    expect(first.card.png.toString()).toBe('png-1');
    expect(first.card.etag).toMatch(/^"[\w-]{27}"$/);

    const again = await cache.get('jane', 'v1', content('Jane'));
    expect(again).toMatchObject({ cached: true, card: first.card });
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('draws a new version anew and drops every version of a changed page', async () => {
    const render = jest.fn(async (c: ShareCardContent) => Buffer.from(`png of ${c.name}`));
    const cache = new ShareCardCache(render, options);
    await cache.get('jane', 'v1', content('Jane'));
    const renamed = await cache.get('jane', 'v2', content('Janet'));
    expect(renamed).toMatchObject({ cached: false });
    expect(renamed.card.png.toString()).toBe('png of Janet');
    await cache.get('jane-2', 'v1', content('Other'));
    expect(cache.size).toBe(3);

    cache.dropSlugs(['jane']);
    expect(cache.size).toBe(1);
    expect((await cache.get('jane-2', 'v1', content('Other'))).cached).toBe(true);
    expect((await cache.get('jane', 'v2', content('Janet'))).cached).toBe(false);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxBytes of cards, the least recently used going first', async () => {
    const cache = new ShareCardCache(async () => Buffer.alloc(400), { ...options, maxBytes: 1000 });
    await cache.get('a', 'v', content('A'));
    await cache.get('b', 'v', content('B'));
    await cache.get('a', 'v', content('A'));
    await cache.get('c', 'v', content('C'));
    expect(cache.size).toBe(2);
    expect((await cache.get('a', 'v', content('A'))).cached).toBe(true);
    expect((await cache.get('b', 'v', content('B'))).cached).toBe(false);
  });

  it('draws at most maxConcurrentRenders cards at once, queueing the rest', async () => {
    const gates = [deferred<Buffer>(), deferred<Buffer>(), deferred<Buffer>()];
    let running = 0;
    let peak = 0;
    const render = jest.fn(async (c: ShareCardContent) => {
      running += 1;
      peak = Math.max(peak, running);
      const png = await gates[Number(c.name)]!.promise;
      running -= 1;
      return png;
    });
    const cache = new ShareCardCache(render, options);
    const all = Promise.all(['0', '1', '2'].map((n) => cache.get(`slug-${n}`, 'v', content(n))));
    await new Promise((r) => setImmediate(r));
    expect(render).toHaveBeenCalledTimes(2);
    gates[0]!.resolve(Buffer.from('0'));
    await new Promise((r) => setImmediate(r));
    expect(render).toHaveBeenCalledTimes(3);
    gates[1]!.resolve(Buffer.from('1'));
    gates[2]!.resolve(Buffer.from('2'));
    expect((await all).map((r) => r.card.png.toString())).toEqual(['0', '1', '2']);
    expect(peak).toBe(2);
  });

  it('keeps no failed render', async () => {
    const render = jest
      .fn<(c: ShareCardContent) => Promise<Buffer>>()
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValue(Buffer.from('ok'));
    const cache = new ShareCardCache(render, options);
    await expect(cache.get('jane', 'v1', content('Jane'))).rejects.toThrow('boom');
    expect((await cache.get('jane', 'v1', content('Jane'))).card.png.toString()).toBe('ok');
  });
});

describe('matchesEtag', () => {
  it('matches the tag strong or weak, alone or in a list, and nothing else', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"abcd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });
});
