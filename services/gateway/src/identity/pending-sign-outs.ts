import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { IDENTITY } from '@runpledge/contracts';
import { hashToken } from '@runpledge/server-kit/auth';
import { REDIS } from '@runpledge/server-kit/redis';
import type { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { env } from '../config/env.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { RevokedSessions } from './revoked-sessions.js';

/** A refused session token is remembered this long by each replica (identity refuses it itself once it confirmed). */
const DENY_MS = 24 * 60 * 60 * 1000;
/** An entry identity never confirmed is given up after a session's longest life: the session has ended anyway. */
const GIVE_UP_MS = 31 * 24 * 60 * 60 * 1000;
/** How long a starting replica waits to have read the pending sign-outs before it serves. */
const LOAD_WAIT_MS = 2000;

const pendingSchema = z.object({ sessionId: z.string().optional(), at: z.number() });
type Pending = z.infer<typeof pendingSchema>;

/**
 * Sign-out that cannot fail open. The session ends at the gateway at once, whatever identity answers:
 * its access tokens go on this replica's deny list (RevokedSessions) and its session token on a deny
 * list of its own (refused before any refresh is asked of identity). When identity does not confirm
 * the revocation in time, it is kept in Redis (only the token's SHA-256 and the session id, never the
 * token) and every replica retries it until identity does; each replica also loads what is pending into
 * its deny lists, at start and on every round, so a replica started after the sign-out refuses it too.
 */
@Injectable()
export class PendingSignOuts implements OnModuleInit, OnApplicationShutdown {
  private readonly deniedTokens = new Map<string, number>();
  private readonly key = `${env.REDIS_PREFIX}signouts:pending`;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private stopped = false;
  private readonly logger = new Logger(PendingSignOuts.name);

  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly revoked: RevokedSessions,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async onModuleInit(): Promise<void> {
    this.round = this.retryRound({ load: true });
    await Promise.race([this.round, sleep(LOAD_WAIT_MS)]);
    this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.round;
  }

  /**
   * Ends the session now at this gateway and in identity as soon as it can be reached. Never throws:
   * the browser's cookies are cleared whatever happens here. Without the session token (only an access
   * cookie came) only this replica can refuse the session, until its access token expires.
   */
  async signOut(sessionToken: string | undefined, sessionId: string | undefined): Promise<void> {
    if (sessionToken === undefined) {
      if (sessionId) this.revoked.add([sessionId]);
      return;
    }
    const tokenHash = hashToken(sessionToken);
    this.deny(tokenHash, sessionId);
    try {
      await this.rpc.call(
        IDENTITY.sessions.revokeByTokenHash,
        { sessionTokenHash: tokenHash },
        env.SIGNOUT_RPC_TIMEOUT_MS,
      );
      return;
    } catch (err) {
      this.logger.warn(`identity did not confirm a sign-out (${String(err)}): kept for retry`);
    }
    const pending: Pending = { ...(sessionId ? { sessionId } : {}), at: Date.now() };
    try {
      await this.redis.hset(this.key, tokenHash, JSON.stringify(pending));
    } catch (err) {
      // Still refused by this replica for a day; identity's own idle time-out ends it at last.
      this.logger.error(`a sign-out could not be kept for retry (${String(err)}): identity was not told`);
    }
  }

  /** Whether this session token was signed out here or is waiting for identity's confirmation. */
  refuses(sessionToken: string, now = Date.now()): boolean {
    const expiry = this.deniedTokens.get(hashToken(sessionToken));
    return expiry !== undefined && expiry > now;
  }

  private deny(tokenHash: string, sessionId: string | undefined, now = Date.now()): void {
    this.deniedTokens.set(tokenHash, now + DENY_MS);
    if (sessionId) this.revoked.add([sessionId], now);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.round = this.retryRound().finally(() => this.schedule());
    }, env.SIGNOUT_RETRY_INTERVAL_MS);
    this.timer.unref();
  }

  /** Loads what is pending into the deny lists and asks identity to revoke each; stops at identity's first failure. */
  private async retryRound({ load = false } = {}): Promise<void> {
    let entries: Record<string, string>;
    try {
      entries = await this.redis.hgetall(this.key);
    } catch (err) {
      if (load) this.logger.warn(`pending sign-outs could not be read (${String(err)}): trying again`);
      return;
    }
    const now = Date.now();
    this.prune(now);
    let identityAnswers = true;
    for (const [tokenHash, raw] of Object.entries(entries)) {
      const pending = parse(raw);
      if (!pending || now - pending.at > GIVE_UP_MS) {
        await this.redis.hdel(this.key, tokenHash).catch(() => undefined);
        continue;
      }
      this.deny(tokenHash, pending.sessionId, now);
      if (!identityAnswers || this.stopped) continue;
      try {
        await this.rpc.call(IDENTITY.sessions.revokeByTokenHash, { sessionTokenHash: tokenHash });
      } catch {
        identityAnswers = false;
        continue;
      }
      await this.redis.hdel(this.key, tokenHash).catch(() => undefined);
      this.logger.log('a sign-out identity could not confirm before is now revoked there');
    }
  }

  private prune(now: number): void {
    for (const [hash, expiry] of this.deniedTokens) if (expiry <= now) this.deniedTokens.delete(hash);
  }
}

function parse(raw: string): Pending | undefined {
  try {
    const parsed = pendingSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
