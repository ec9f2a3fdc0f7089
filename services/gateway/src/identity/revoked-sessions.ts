import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { IDENTITY_BROADCASTS, sessionsRevokedSchema } from '@runpledge/contracts';
import {
  broadcastSubject,
  followStream,
  natsConnectionOptions,
  revocationStreamName,
  type StreamFollower,
} from '@runpledge/server-kit/messaging';
import { setTimeout as sleep } from 'node:timers/promises';
import { env } from '../config/env.js';

/** How long a starting replica waits to have read the revocations identity's stream keeps. */
const CATCH_UP_WAIT_MS = 3000;
const decoder = new TextDecoder();

/**
 * This replica's deny list: sessions identity revoked while their access tokens may still be
 * valid. Every replica subscribes to identity's broadcast (no queue group: each hears every one)
 * and keeps an entry until the tokens would have expired anyway. The same revocations are kept in
 * a JetStream stream for as long as a token lives; each replica also reads it with an ordered
 * consumer, so one that was disconnected when a broadcast went out, or started after it, still
 * learns it (at start it reads what the stream holds before it serves).
 */
@Injectable()
export class RevokedSessions implements OnModuleInit, OnApplicationShutdown {
  private readonly until = new Map<string, number>();
  private nc: NatsConnection | undefined;
  private follower: StreamFollower | undefined;
  private nextPruneAt = 0;

  private readonly logger = new Logger(RevokedSessions.name);

  async onModuleInit(): Promise<void> {
    this.nc = await connect({
      ...natsConnectionOptions(env),
      name: 'gateway-revocations',
      maxReconnectAttempts: -1,
    });
    const subject = broadcastSubject(IDENTITY_BROADCASTS.sessionsRevoked);
    this.nc.subscribe(subject, {
      callback: (err, msg) => {
        if (!err) this.receive(msg.data);
      },
    });
    // The subscription must be registered on the server before this replica serves a request.
    await this.nc.flush();
    let warned = false;
    this.follower = followStream(this.nc, revocationStreamName(), (data) => this.receive(data), {
      onError: (err) => {
        if (warned) return;
        warned = true;
        this.logger.warn(`reading the session revocation stream: ${String(err)} (trying again)`);
      },
    });
    await Promise.race([this.follower.caughtUp, sleep(CATCH_UP_WAIT_MS)]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.follower?.stop();
    await this.nc?.drain();
  }

  private receive(data: Uint8Array): void {
    let parsed;
    try {
      parsed = sessionsRevokedSchema.safeParse(JSON.parse(decoder.decode(data)));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      this.logger.warn('ignored a malformed session revocation');
      return;
    }
    this.add(parsed.data.sessionIds);
  }

  add(sessionIds: readonly string[], now = Date.now()): void {
    // Kept a minute past the longest token lifetime: clocks of identity and gateways differ a little.
    const expiry = now + (env.ACCESS_TOKEN_TTL_SECONDS + 60) * 1000;
    for (const id of sessionIds) this.until.set(id, expiry);
    this.prune(now);
  }

  has(sessionId: string, now = Date.now()): boolean {
    const expiry = this.until.get(sessionId);
    return expiry !== undefined && expiry > now;
  }

  get size(): number {
    return this.until.size;
  }

  private prune(now: number): void {
    if (now < this.nextPruneAt) return;
    this.nextPruneAt = now + 60_000;
    for (const [id, expiry] of this.until) if (expiry <= now) this.until.delete(id);
  }
}
