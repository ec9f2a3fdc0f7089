import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { StravaRateBudget } from '../src/strava/strava-rate-budget.js';

describe('the shared Strava request budget on the real Redis', () => {
  let redis: Redis;
  let now = 0;
  const WINDOW = 10_000;
  const budget = () =>
    new StravaRateBudget(
      redis,
      {
        prefix: `${process.env.REDIS_PREFIX}budget-${randomUUID()}:`,
        shortWindowMs: WINDOW,
        shortLimit: 3,
        dailyLimit: 5,
      },
      () => now,
    );

  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('lets one probe into a window Strava has not reported on, then the rest once its headers came', async () => {
    now = 1_000_000 * WINDOW + 1000;
    const b = budget();
    expect(await b.acquire()).toEqual({ granted: true });
    expect(await b.acquire()).toEqual({ granted: false, waitMs: 25, windowFull: false });
    await b.observe({ shortUsage: 1, dailyUsage: 1 }, now);
    expect(await b.acquire()).toEqual({ granted: true });
    expect(await b.acquire()).toEqual({ granted: true });
    // Three granted: the window is spent until it resets.
    expect(await b.acquire()).toEqual({ granted: false, waitMs: WINDOW - 1000, windowFull: true });
  });

  it('takes Strava’s higher usage and its limits from the headers', async () => {
    now = 1_000_001 * WINDOW + 1000;
    const b = budget();
    expect(await b.acquire()).toEqual({ granted: true });
    await b.observe({ shortUsage: 3, dailyUsage: 3, shortLimit: 4, dailyLimit: 100 }, now);
    expect(await b.acquire()).toEqual({ granted: true });
    expect((await b.acquire()).granted).toBe(false);
  });

  it('sends nothing in the last moments of a window, and stops for the day at the daily limit', async () => {
    now = 1_000_002 * WINDOW - 100;
    const b = budget();
    expect(await b.acquire()).toEqual({ granted: false, waitMs: 100, windowFull: true });
    now = 1_000_002 * WINDOW + 1;
    await b.exhaust(now, true);
    const decision = await b.acquire();
    expect(decision).toMatchObject({ granted: false, windowFull: true });
    expect(decision.granted === false && decision.waitMs).toBeGreaterThan(WINDOW);
  });
});
