import type { Clock } from '../common/clock.js';

/** Strava's two limits (overall and read), each per short window and per day. */
export interface RateLimits {
  overallShort: number;
  overallDaily: number;
  readShort: number;
  readDaily: number;
  /** Length of the short window; Strava's is 15 minutes. A bench can scale it down (e.g. 15 s). */
  shortWindowMs: number;
  /** Length of the long window; Strava's is a UTC day. */
  dailyWindowMs: number;
}

export const STRAVA_DEFAULT_LIMITS: RateLimits = {
  overallShort: 200,
  overallDaily: 2000,
  readShort: 100,
  readDaily: 1000,
  shortWindowMs: 15 * 60 * 1000,
  dailyWindowMs: 24 * 60 * 60 * 1000,
};

export interface RateLimitUsage {
  overallShort: number;
  overallDaily: number;
  readShort: number;
  readDaily: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

/**
 * Counts requests in windows aligned like Strava's (:00, :15, :30, :45 and midnight UTC: multiples of
 * the window length since the epoch). Every request counts, answered or refused.
 */
export class RateLimiter {
  private limits: RateLimits;
  private shortWindowStart = 0;
  private dailyWindowStart = 0;
  private usage: RateLimitUsage = { overallShort: 0, overallDaily: 0, readShort: 0, readDaily: 0 };
  /** How many requests were answered 429. */
  rejected = 0;
  requests = 0;

  constructor(
    limits: Partial<RateLimits>,
    private readonly clock: Clock,
  ) {
    this.limits = { ...STRAVA_DEFAULT_LIMITS, ...limits };
    validate(this.limits);
  }

  get current(): RateLimits {
    return { ...this.limits };
  }

  setLimits(limits: Partial<RateLimits>): void {
    const next = { ...this.limits, ...limits };
    validate(next);
    this.limits = next;
  }

  resetUsage(): void {
    this.usage = { overallShort: 0, overallDaily: 0, readShort: 0, readDaily: 0 };
    this.rejected = 0;
    this.requests = 0;
  }

  private roll(): void {
    const now = this.clock.nowMs();
    const shortStart = now - (now % this.limits.shortWindowMs);
    const dailyStart = now - (now % this.limits.dailyWindowMs);
    if (shortStart !== this.shortWindowStart) {
      this.shortWindowStart = shortStart;
      this.usage.overallShort = 0;
      this.usage.readShort = 0;
    }
    if (dailyStart !== this.dailyWindowStart) {
      this.dailyWindowStart = dailyStart;
      this.usage.overallDaily = 0;
      this.usage.readDaily = 0;
    }
  }

  snapshot(): { limits: RateLimits; usage: RateLimitUsage; windowEndsAt: { short: number; daily: number } } {
    this.roll();
    return {
      limits: this.current,
      usage: { ...this.usage },
      windowEndsAt: {
        short: this.shortWindowStart + this.limits.shortWindowMs,
        daily: this.dailyWindowStart + this.limits.dailyWindowMs,
      },
    };
  }

  /** Counts one request (a read when `isRead`) and says whether it is within the limits. */
  hit(isRead: boolean): RateLimitDecision {
    this.roll();
    this.requests += 1;
    this.usage.overallShort += 1;
    this.usage.overallDaily += 1;
    if (isRead) {
      this.usage.readShort += 1;
      this.usage.readDaily += 1;
    }
    const l = this.limits;
    const u = this.usage;
    const overallOk = u.overallShort <= l.overallShort && u.overallDaily <= l.overallDaily;
    const readOk = !isRead || (u.readShort <= l.readShort && u.readDaily <= l.readDaily);
    const allowed = overallOk && readOk;
    if (!allowed) this.rejected += 1;
    return { allowed, headers: this.headers() };
  }

  /** The four headers Strava sends, each as "short,daily". */
  headers(): Record<string, string> {
    this.roll();
    const l = this.limits;
    const u = this.usage;
    return {
      'X-RateLimit-Limit': `${l.overallShort},${l.overallDaily}`,
      'X-RateLimit-Usage': `${u.overallShort},${u.overallDaily}`,
      'X-ReadRateLimit-Limit': `${l.readShort},${l.readDaily}`,
      'X-ReadRateLimit-Usage': `${u.readShort},${u.readDaily}`,
    };
  }
}

function validate(limits: RateLimits): void {
  for (const [key, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`rate limit ${key} must be a non-negative integer`);
  }
  if (limits.shortWindowMs < 1 || limits.dailyWindowMs < 1)
    throw new RangeError('rate limit windows must be at least 1 ms');
}
