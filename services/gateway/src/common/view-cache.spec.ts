import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ViewCache } from './view-cache.js';

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ViewCache', () => {
  afterEach(() => jest.useRealTimers());

  it('shares one load between concurrent reads within the TTL, and loads again after clear', async () => {
    const cache = new ViewCache<number>(60_000);
    const load = jest.fn(async () => 1);
    await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)]);
    expect(load).toHaveBeenCalledTimes(1);
    cache.clear();
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed read and nothing with a TTL of 0', async () => {
    const cache = new ViewCache<number>(60_000);
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(cache.get('a', async () => 2)).resolves.toBe(2);
    const off = new ViewCache<number>(0);
    const load = jest.fn(async () => 3);
    await off.get('a', load);
    await off.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('answers an expired value at once while one refresh runs, then the refreshed one', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    const cache = new ViewCache<string>(1_000);
    await cache.get('a', async () => 'first');
    jest.advanceTimersByTime(1_500);
    let finish!: (value: string) => void;
    const slow = jest.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    // Expired: every reader gets the old value without waiting, and only one refresh is asked.
    await expect(Promise.all([cache.get('a', slow), cache.get('a', slow)])).resolves.toEqual(['first', 'first']);
    expect(slow).toHaveBeenCalledTimes(1);
    finish('second');
    await settle();
    await expect(cache.get('a', slow)).resolves.toBe('second');
    expect(slow).toHaveBeenCalledTimes(1);
  });

  it('waits for a new read once a value is older than two TTLs, and keeps the stale one if a refresh fails', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    const cache = new ViewCache<string>(1_000);
    await cache.get('a', async () => 'first');
    jest.advanceTimersByTime(1_500);
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).resolves.toBe('first');
    await settle();
    await expect(cache.get('a', async () => 'retried')).resolves.toBe('first');
    await settle();
    await expect(cache.get('a', async () => 'unused')).resolves.toBe('retried');
    jest.advanceTimersByTime(2_500);
    await expect(cache.get('a', async () => 'fresh')).resolves.toBe('fresh');
  });

  it('keeps nothing a refresh read before clear', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    const cache = new ViewCache<string>(1_000);
    await cache.get('a', async () => 'before the write');
    jest.advanceTimersByTime(1_500);
    let finish!: (value: string) => void;
    await cache.get('a', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish('read before the write');
    await settle();
    await expect(cache.get('a', async () => 'after the write')).resolves.toBe('after the write');
  });
});
