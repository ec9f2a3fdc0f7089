import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { env } from '../config/env.js';
import { inboxHash } from '@runpledge/server-kit/inbox';
import { REDIS } from '@runpledge/server-kit/redis';
import { clientNetworkKey } from './client-network.js';

const MINUTE = 60;

/** Budgets per bucket: `points` attempts per `duration` seconds. */
const BUDGETS = {
  signinIp: { points: env.RATE_LIMIT_SIGNIN_PER_IP, duration: 15 * MINUTE, by: 'ip' },
  signinEmail: { points: 10, duration: 15 * MINUTE, by: 'inbox' },
  signupIp: { points: env.RATE_LIMIT_SIGNUP_PER_IP, duration: 60 * MINUTE, by: 'ip' },
  signupEmail: { points: 5, duration: 60 * MINUTE, by: 'inbox' },
  /** Attempts at the current password of a signed-in account (change password). */
  passwordCheckUser: { points: 10, duration: 15 * MINUTE },
  publicWriteIp: { points: env.RATE_LIMIT_PUBLIC_WRITES_PER_IP, duration: 10 * MINUTE, by: 'ip' },
  /**
   * Pledges and follows made for one inbox (however its address is written): each sends it a
   * confirmation mail, so one budget bounds them all.
   */
  pledgeEmail: { points: env.RATE_LIMIT_PLEDGES_PER_EMAIL, duration: 60 * MINUTE, by: 'inbox' },
  /** Owner insights' page events (views, shares…): a page load sends one or two, a flood gets 429. */
  pageEventIp: { points: env.RATE_LIMIT_PAGE_EVENTS_PER_IP, duration: MINUTE, by: 'ip' },
  totalsRefresh: { points: env.RATE_LIMIT_TOTALS_REFRESH_PER_MINUTE, duration: MINUTE },
  stravaWebhookIp: { points: env.RATE_LIMIT_STRAVA_WEBHOOK_PER_IP, duration: MINUTE, by: 'ip' },
  /** Code and session guessing: checkout with a discount code, reconcile, billing portal. */
  billingUser: { points: env.RATE_LIMIT_BILLING_PER_USER, duration: 15 * MINUTE },
  billingIp: { points: env.RATE_LIMIT_BILLING_PER_IP, duration: 15 * MINUTE, by: 'ip' },
  accountIp: { points: env.RATE_LIMIT_ACCOUNT_PER_IP, duration: 15 * MINUTE, by: 'ip' },
  // Reset mails per address: enough to retry, too few to flood someone's inbox.
  passwordResetEmail: { points: 3, duration: 60 * MINUTE, by: 'inbox' },
  accountUser: { points: 10, duration: 15 * MINUTE },
  /** New posters drawn for one owner: each costs ~0.5 s of a drawing thread. */
  posterRenderUser: { points: env.RATE_LIMIT_POSTER_RENDERS_PER_USER, duration: 60 * MINUTE },
  /** Public team pages by address: a visitor's reads, not a sweep of addresses. */
  teamReadIp: { points: env.RATE_LIMIT_TEAM_READS_PER_IP, duration: MINUTE, by: 'ip' },
  /** The events directory and event pages: a visitor typing in a marathon field asks once a keystroke. */
  eventReadIp: { points: env.RATE_LIMIT_EVENT_READS_PER_IP, duration: MINUTE, by: 'ip' },
  /** Joins carry invite codes: too few attempts to guess one. */
  teamJoinUser: { points: env.RATE_LIMIT_TEAM_JOINS_PER_USER, duration: 15 * MINUTE },
  teamJoinIp: { points: env.RATE_LIMIT_TEAM_JOINS_PER_IP, duration: 15 * MINUTE, by: 'ip' },
  /** Public charity pages and the directory: a visitor's reads, not a sweep. */
  charityReadIp: { points: env.RATE_LIMIT_CHARITY_READS_PER_IP, duration: MINUTE, by: 'ip' },
  /** Charity writes that mail someone (creation, verification, invitations) or send messages. */
  charityWriteUser: { points: env.RATE_LIMIT_CHARITY_WRITES_PER_USER, duration: 15 * MINUTE },
  /** Verification and invitation tokens: too few attempts to guess one. */
  charityTokenIp: { points: env.RATE_LIMIT_CHARITY_TOKENS_PER_IP, duration: 15 * MINUTE, by: 'ip' },
  /** Activity files read for one runner: each may take a reading thread for a second. */
  activityUploadUser: { points: env.RATE_LIMIT_ACTIVITY_UPLOADS_PER_USER, duration: 10 * MINUTE },
} as const satisfies Record<string, { points: number; duration: number; by?: 'ip' | 'inbox' }>;
export type RateLimitBucket = keyof typeof BUDGETS;

/**
 * What a bucket counts by: a client IP by its network (an IPv6 host by its /64), an e-mail address
 * by the inbox it reaches (hashed: Redis never holds the address), anything else as given.
 */
function keyOf(bucket: RateLimitBucket, key: string): string {
  const by = 'by' in BUDGETS[bucket] ? BUDGETS[bucket].by : undefined;
  if (by === 'ip') return clientNetworkKey(key);
  if (by === 'inbox') return inboxHash(key);
  return key;
}

/**
 * Rate limits kept in Redis, so every gateway replica shares them. If Redis is away, an in-memory
 * limiter per replica takes over rather than letting everything through.
 */
@Injectable()
export class RateLimitService {
  private readonly limiters: Record<RateLimitBucket, RateLimiterRedis>;

  constructor(@Inject(REDIS) redis: Redis) {
    this.limiters = Object.fromEntries(
      Object.entries(BUDGETS).map(([bucket, { points, duration }]) => [
        bucket,
        new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${env.REDIS_PREFIX}rl:${bucket}`,
          points,
          duration,
          insuranceLimiter: new RateLimiterMemory({ points, duration }),
        }),
      ]),
    ) as Record<RateLimitBucket, RateLimiterRedis>;
  }

  /** Spends one attempt of the caller's and of their IP's account budget (password and e-mail checks). */
  async consumeAccount(userId: string, ip: string, reply?: FastifyReply): Promise<void> {
    await this.consume('accountIp', ip, reply);
    await this.consume('accountUser', userId, reply);
  }

  /** A visitor's read of a team page by address: per IP, so addresses cannot be swept. */
  async consumeTeamRead(ip: string, reply?: FastifyReply): Promise<void> {
    await this.consume('teamReadIp', ip, reply, 'requests');
  }

  /** A join, with or without an invite code (which can be guessed): per user and per IP. */
  async consumeTeamJoin(userId: string, ip: string, reply?: FastifyReply): Promise<void> {
    await this.consume('teamJoinUser', userId, reply);
    await this.consume('teamJoinIp', ip, reply);
  }

  /** Spends one attempt of the caller's and of their IP's billing budget (codes must not be guessable). */
  async consumeBilling(userId: string, ip: string, reply?: FastifyReply): Promise<void> {
    await this.consume('billingUser', userId, reply);
    await this.consume('billingIp', ip, reply);
  }

  /** Spends one attempt; over budget → 429 with Retry-After ("Too many {what}. Please wait…"). */
  async consume(bucket: RateLimitBucket, key: string, reply?: FastifyReply, what = 'attempts'): Promise<void> {
    try {
      await this.limiters[bucket].consume(keyOf(bucket, key));
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      void reply?.header('retry-after', String(seconds));
      const minutes = Math.ceil(seconds / 60);
      throw new HttpException(
        `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }

  /** Gives back an attempt that was turned away for another reason (e.g. the server was busy). */
  async refund(bucket: RateLimitBucket, key: string): Promise<void> {
    await this.limiters[bucket].reward(keyOf(bucket, key));
  }
}
