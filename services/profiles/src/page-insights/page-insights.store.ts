import { Inject, Injectable } from '@nestjs/common';
import type { PageEventType } from '@runpledge/contracts';
import { REDIS } from '@runpledge/server-kit';
import type { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import { env } from '../config/env.js';

/** One page's figures for one UTC day. */
export interface DayCounts {
  views: number;
  uniqueVisitors: number;
  shares: number;
  donateClicks: number;
  /** challengeId → picks. */
  challengePicks: Record<string, number>;
}

/**
 * Live counters of the current days in Redis: per page and UTC day a hash of counts and a
 * HyperLogLog of visitor hashes (at most 12 KB however many visitors, ~1% error). A visitor is
 * sha256(day's random salt, IP, user agent): the salt is dropped two days later, so no hash can be
 * linked to a person or to another day, and nothing is stored on the visitor's device. Keys expire
 * after KEEP_DAYS; the worker copies them to `page_daily_stats` long before.
 */
@Injectable()
export class PageInsightsStore {
  static readonly KEEP_SECONDS = 3 * 24 * 60 * 60;
  private readonly prefix = `${env.REDIS_PREFIX}insights:`;

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async record(
    profileId: string,
    day: string,
    type: PageEventType,
    visitor: string,
    challengeId?: string,
  ): Promise<void> {
    const counts = this.countsKey(profileId, day);
    const field = type === 'challenge' ? `c:${challengeId}` : type;
    const multi = this.redis.multi().hincrby(counts, field, 1).expire(counts, PageInsightsStore.KEEP_SECONDS);
    if (type === 'view') {
      const uniques = this.uniquesKey(profileId, day);
      multi.pfadd(uniques, visitor).expire(uniques, PageInsightsStore.KEEP_SECONDS);
    }
    await multi.sadd(this.dirtyKey, `${profileId}|${day}`).exec();
  }

  /** The visitor's hash for `day`: the same IP and browser count once that day, and are unlinkable across days. */
  async visitorHash(day: string, ip: string, userAgent: string): Promise<string> {
    const key = `${this.prefix}salt:${day}`;
    const fresh = randomBytes(16).toString('base64url');
    // The first caller of the day sets the salt; everyone reads the one that won.
    const [, salt] = (await this.redis
      .multi()
      .set(key, fresh, 'EX', 2 * 24 * 60 * 60, 'NX')
      .get(key)
      .exec()) as [[Error | null, unknown], [Error | null, string | null]];
    return createHash('sha256')
      .update(`${salt[1] ?? fresh}\u0000${ip}\u0000${userAgent}`)
      .digest('base64url');
  }

  /** The live counts of these days (absent: nothing in Redis for that day). */
  async read(profileId: string, days: readonly string[]): Promise<Map<string, DayCounts>> {
    const pipeline = this.redis.pipeline();
    for (const day of days) pipeline.hgetall(this.countsKey(profileId, day)).pfcount(this.uniquesKey(profileId, day));
    const replies = (await pipeline.exec()) ?? [];
    const found = new Map<string, DayCounts>();
    days.forEach((day, i) => {
      const [hashErr, hash] = replies[2 * i] as [Error | null, Record<string, string>];
      const [countErr, uniques] = replies[2 * i + 1] as [Error | null, number];
      if (hashErr) throw hashErr;
      if (countErr) throw countErr;
      if (Object.keys(hash).length > 0) found.set(day, toCounts(hash, uniques));
    });
    return found;
  }

  /** Takes up to `count` page-days changed since the last flush; they go back on failure (`markDirty`). */
  async takeDirty(count: number): Promise<Array<{ profileId: string; day: string }>> {
    const members = (await this.redis.spop(this.dirtyKey, count)) as string[];
    return members.map((member) => {
      const [profileId, day] = member.split('|') as [string, string];
      return { profileId, day };
    });
  }

  async markDirty(entries: ReadonlyArray<{ profileId: string; day: string }>): Promise<void> {
    if (entries.length > 0) await this.redis.sadd(this.dirtyKey, ...entries.map((e) => `${e.profileId}|${e.day}`));
  }

  /**
   * Drops every live counter of a deleted page. A day's keys are written on that UTC day only and
   * expire KEEP_SECONDS after the last write, so no key older than KEEP_SECONDS plus a day can
   * exist: naming those days is enough (no SCAN over the keyspace).
   */
  async forget(profileId: string, now = Date.now()): Promise<void> {
    const dayCount = Math.ceil(PageInsightsStore.KEEP_SECONDS / 86_400) + 2;
    const days = Array.from({ length: dayCount }, (_, i) => new Date(now - i * 86_400_000).toISOString().slice(0, 10));
    await this.redis
      .multi()
      .del(...days.flatMap((day) => [this.countsKey(profileId, day), this.uniquesKey(profileId, day)]))
      .srem(this.dirtyKey, ...days.map((day) => `${profileId}|${day}`))
      .exec();
  }

  private get dirtyKey(): string {
    return `${this.prefix}dirty`;
  }
  private countsKey(profileId: string, day: string): string {
    return `${this.prefix}${profileId}:${day}`;
  }
  private uniquesKey(profileId: string, day: string): string {
    return `${this.prefix}${profileId}:${day}:u`;
  }
}

function toCounts(hash: Record<string, string>, uniques: number): DayCounts {
  const challengePicks: Record<string, number> = {};
  for (const [field, value] of Object.entries(hash)) {
    if (field.startsWith('c:')) challengePicks[field.slice(2)] = Number(value);
  }
  return {
    views: Number(hash.view ?? 0),
    uniqueVisitors: uniques,
    shares: Number(hash.share ?? 0),
    donateClicks: Number(hash.donate ?? 0),
    challengePicks,
  };
}
