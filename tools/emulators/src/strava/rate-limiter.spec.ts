import { describe, expect, it } from '@jest/globals';
import { RateLimiter, STRAVA_DEFAULT_LIMITS } from './rate-limiter.js';

function clockAt(ms: number) {
  const clock = { ms, nowMs: () => clock.ms };
  return clock;
}

describe('RateLimiter', () => {
  it("uses Strava's defaults and reports them as short,daily", () => {
    const limiter = new RateLimiter({}, clockAt(Date.UTC(2026, 0, 1, 10, 3)));
    expect(limiter.current).toEqual(STRAVA_DEFAULT_LIMITS);
    const { headers } = limiter.hit(true);
    expect(headers).toEqual({
      'X-RateLimit-Limit': '200,2000',
      'X-RateLimit-Usage': '1,1',
      'X-ReadRateLimit-Limit': '100,1000',
      'X-ReadRateLimit-Usage': '1,1',
    });
  });

  it('refuses reads past the read limit while writes still pass, and counts refusals', () => {
    const limiter = new RateLimiter({ readShort: 2, overallShort: 5 }, clockAt(Date.UTC(2026, 0, 1, 10, 3)));
    expect(limiter.hit(true).allowed).toBe(true);
    expect(limiter.hit(true).allowed).toBe(true);
    expect(limiter.hit(true).allowed).toBe(false);
    expect(limiter.hit(false).allowed).toBe(true);
    expect(limiter.rejected).toBe(1);
    expect(limiter.headers()['X-RateLimit-Usage']).toBe('4,4');
  });

  it('starts a new short window on the quarter hour but keeps the daily count', () => {
    const clock = clockAt(Date.UTC(2026, 0, 1, 10, 14, 59));
    const limiter = new RateLimiter({ overallShort: 1 }, clock);
    expect(limiter.hit(false).allowed).toBe(true);
    expect(limiter.hit(false).allowed).toBe(false);
    clock.ms = Date.UTC(2026, 0, 1, 10, 15, 0);
    expect(limiter.hit(false).allowed).toBe(true);
    expect(limiter.headers()['X-RateLimit-Usage']).toBe('1,3');
  });

  it('resets the daily count at midnight UTC', () => {
    const clock = clockAt(Date.UTC(2026, 0, 1, 23, 59));
    const limiter = new RateLimiter({ overallDaily: 1 }, clock);
    limiter.hit(false);
    expect(limiter.hit(false).allowed).toBe(false);
    clock.ms = Date.UTC(2026, 0, 2, 0, 0);
    expect(limiter.hit(false).allowed).toBe(true);
  });

  it('scales the window down for benches (100 requests per 15 s)', () => {
    const clock = clockAt(Date.UTC(2026, 0, 1, 10, 0, 0));
    const limiter = new RateLimiter({ overallShort: 100, shortWindowMs: 15_000 }, clock);
    for (let i = 0; i < 100; i++) expect(limiter.hit(false).allowed).toBe(true);
    expect(limiter.hit(false).allowed).toBe(false);
    clock.ms += 15_000;
    expect(limiter.hit(false).allowed).toBe(true);
  });

  it('rejects nonsense limits', () => {
    expect(() => new RateLimiter({ overallShort: -1 }, clockAt(0))).toThrow(RangeError);
    expect(() => new RateLimiter({ shortWindowMs: 0 }, clockAt(0))).toThrow(RangeError);
  });
});
