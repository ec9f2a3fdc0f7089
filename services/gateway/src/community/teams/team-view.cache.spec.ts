import { describe, expect, it, jest } from '@jest/globals';
import { TeamViewCache } from './team-view.cache.js';

describe('TeamViewCache', () => {
  it('shares one load between concurrent reads within the TTL, and loads again after clear', async () => {
    const cache = new TeamViewCache<number>(60_000);
    const load = jest.fn(async () => 1);
    await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)]);
    expect(load).toHaveBeenCalledTimes(1);
    cache.clear();
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed read and nothing with a TTL of 0', async () => {
    const cache = new TeamViewCache<number>(60_000);
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(cache.get('a', async () => 2)).resolves.toBe(2);
    const off = new TeamViewCache<number>(0);
    const load = jest.fn(async () => 3);
    await off.get('a', load);
    await off.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
