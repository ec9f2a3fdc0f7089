import type { Redis } from 'ioredis';

export interface RateBudgetConfig {
  /** Key prefix shared by every process of the deployment. */
  prefix: string;
  shortWindowMs: number;
  shortLimit: number;
  dailyLimit: number;
}

/** What `acquire` answers: go now, wait for a window to reset, or wait a moment for the probe. */
export type RateBudgetDecision = { granted: true } | { granted: false; waitMs: number; windowFull: boolean };

export interface RateUsage {
  shortUsage: number;
  dailyUsage: number;
  shortLimit?: number;
  dailyLimit?: number;
}

const DAY_MS = 86_400_000;
const PROBE_TTL_MS = 5_000;
const PROBE_RETRY_MS = 25;
/**
 * The end of a window kept free of new requests: 5% of it, from 500 ms to 2 s. A request sent just
 * before the turn can be counted after it (network, clock skew, a busy server), in a window we
 * already hand out in full.
 */
const GUARD_SHARE = 0.05;
const MIN_GUARD_MS = 500;
const MAX_GUARD_MS = 2000;

// KEYS: short window hash, day hash, probe lock. ARGV: short limit, daily limit, ms to short reset,
// ms to day reset, probe ttl, guard ms. A window whose real usage Strava has not told us yet lets one
// request through (the probe) and holds the rest until its headers arrive, so a restart or a shared
// app never sends a burst into a window that is already spent. Nothing is sent in the window's last
// moments (the guard): a request still in flight when it turns would count in the next one.
const ACQUIRE = `
if tonumber(ARGV[3]) <= tonumber(ARGV[6]) then return tonumber(ARGV[3]) end
local sUsed = tonumber(redis.call('HGET', KEYS[1], 'used') or '0')
local sLimit = tonumber(redis.call('HGET', KEYS[1], 'limit') or ARGV[1])
local dUsed = tonumber(redis.call('HGET', KEYS[2], 'used') or '0')
local dLimit = tonumber(redis.call('HGET', KEYS[2], 'limit') or ARGV[2])
if dUsed >= dLimit then return tonumber(ARGV[4]) end
if sUsed >= sLimit then return tonumber(ARGV[3]) end
if not redis.call('HGET', KEYS[1], 'observed') then
  if not redis.call('SET', KEYS[3], '1', 'NX', 'PX', ARGV[5]) then return -1 end
end
redis.call('HINCRBY', KEYS[1], 'used', 1)
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) + 60000)
redis.call('HINCRBY', KEYS[2], 'used', 1)
redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[4]) + 60000)
return 0
`;

// KEYS: short window hash, day hash, probe lock. ARGV: short usage, daily usage, short limit, daily
// limit (empty when unknown), ms to short reset, ms to day reset. Usage only ever goes up: requests of
// ours still in flight are not in the header yet.
const OBSERVE = `
local function raise(key, usage, limit, ttl)
  local used = tonumber(redis.call('HGET', key, 'used') or '0')
  if usage > used then redis.call('HSET', key, 'used', usage) end
  if limit ~= '' then redis.call('HSET', key, 'limit', limit) end
  redis.call('HSET', key, 'observed', '1')
  redis.call('PEXPIRE', key, tonumber(ttl) + 60000)
end
raise(KEYS[1], tonumber(ARGV[1]), ARGV[3], ARGV[5])
raise(KEYS[2], tonumber(ARGV[2]), ARGV[4], ARGV[6])
redis.call('DEL', KEYS[3])
return 0
`;

/**
 * One budget of Strava requests for the whole deployment, kept in Redis: every worker of every
 * process asks it before a request. Windows are aligned like Strava's (quarter hours and UTC
 * midnight, or the emulator's scaled window), and the usage Strava reports in its rate-limit
 * headers corrects our count.
 */
export class StravaRateBudget {
  constructor(
    private readonly redis: Redis,
    private readonly config: RateBudgetConfig,
    private readonly clock: () => number = Date.now,
  ) {}

  private get guardMs(): number {
    const guard = Math.min(Math.max(MIN_GUARD_MS, this.config.shortWindowMs * GUARD_SHARE), MAX_GUARD_MS);
    return Math.min(guard, this.config.shortWindowMs / 4);
  }

  private windows(at: number) {
    const shortIndex = Math.floor(at / this.config.shortWindowMs);
    const dayIndex = Math.floor(at / DAY_MS);
    return {
      keys: [
        `${this.config.prefix}s:${this.config.shortWindowMs}:${shortIndex}`,
        `${this.config.prefix}d:${dayIndex}`,
        `${this.config.prefix}probe:${this.config.shortWindowMs}:${shortIndex}`,
      ],
      toShortReset: (shortIndex + 1) * this.config.shortWindowMs - at,
      toDayReset: (dayIndex + 1) * DAY_MS - at,
    };
  }

  async acquire(): Promise<RateBudgetDecision> {
    const now = this.clock();
    const w = this.windows(now);
    const answer = Number(
      await this.redis.eval(
        ACQUIRE,
        3,
        ...w.keys,
        this.config.shortLimit,
        this.config.dailyLimit,
        w.toShortReset,
        w.toDayReset,
        PROBE_TTL_MS,
        this.guardMs,
      ),
    );
    if (answer === 0) return { granted: true };
    if (answer < 0) return { granted: false, waitMs: PROBE_RETRY_MS, windowFull: false };
    return { granted: false, waitMs: answer, windowFull: true };
  }

  /** Records what Strava said about a request sent at `sentAt`. */
  async observe(usage: RateUsage, sentAt: number): Promise<void> {
    const w = this.windows(sentAt);
    await this.redis.eval(
      OBSERVE,
      3,
      ...w.keys,
      usage.shortUsage,
      usage.dailyUsage,
      usage.shortLimit ?? '',
      usage.dailyLimit ?? '',
      w.toShortReset,
      w.toDayReset,
    );
  }

  /** After a 429: the window (or the day) is spent whatever we counted. */
  async exhaust(sentAt: number, daily: boolean): Promise<void> {
    const w = this.windows(sentAt);
    const key = daily ? w.keys[1]! : w.keys[0]!;
    const limit = daily ? this.config.dailyLimit : this.config.shortLimit;
    await this.redis
      .multi()
      .hset(key, 'used', Number.MAX_SAFE_INTEGER.toString(), 'observed', '1')
      .hsetnx(key, 'limit', String(limit))
      .pexpire(key, (daily ? w.toDayReset : w.toShortReset) + 60_000)
      .del(w.keys[2]!)
      .exec();
  }

  /** Milliseconds until the current short window (or the day) resets. */
  msToReset(daily = false): number {
    const w = this.windows(this.clock());
    return daily ? w.toDayReset : w.toShortReset;
  }
}

/** Reads `X-ReadRateLimit-*` (or, when absent, `X-RateLimit-*`) headers: "15-min,daily". */
export function parseRateLimitHeaders(headers: Headers): RateUsage | undefined {
  const usage = headers.get('x-readratelimit-usage') ?? headers.get('x-ratelimit-usage');
  if (!usage) return undefined;
  const limit = headers.get('x-readratelimit-limit') ?? headers.get('x-ratelimit-limit');
  const [shortUsage, dailyUsage] = usage.split(',').map((v) => Number(v.trim()));
  if (!Number.isFinite(shortUsage) || !Number.isFinite(dailyUsage)) return undefined;
  const [shortLimit, dailyLimit] = (limit ?? '').split(',').map((v) => Number(v.trim()));
  return {
    shortUsage: shortUsage!,
    dailyUsage: dailyUsage!,
    shortLimit: Number.isFinite(shortLimit) && shortLimit! > 0 ? shortLimit : undefined,
    dailyLimit: Number.isFinite(dailyLimit) && dailyLimit! > 0 ? dailyLimit : undefined,
  };
}
