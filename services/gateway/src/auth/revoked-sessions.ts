import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { IDENTITY_BROADCASTS, sessionsRevokedSchema } from '@runpledge/contracts';
import { broadcastSubject, natsConnectionOptions } from '@runpledge/server-kit/messaging';
import { env } from '../config/env.js';

/**
 * This replica's deny list: sessions identity revoked while their access tokens may still be
 * valid. Every replica subscribes to identity's broadcast (no queue group: each hears every one)
 * and keeps an entry until the tokens would have expired anyway.
 */
@Injectable()
export class RevokedSessions implements OnModuleInit, OnApplicationShutdown {
  private readonly until = new Map<string, number>();
  private nc: NatsConnection | undefined;
  private nextPruneAt = 0;

  private readonly logger = new Logger(RevokedSessions.name);

  async onModuleInit(): Promise<void> {
    this.nc = await connect({
      ...natsConnectionOptions(env),
      name: 'gateway-revocations',
      maxReconnectAttempts: -1,
    });
    this.nc.subscribe(broadcastSubject(IDENTITY_BROADCASTS.sessionsRevoked), {
      callback: (err, msg) => {
        if (err) return;
        const parsed = sessionsRevokedSchema.safeParse(msg.json());
        if (!parsed.success) {
          this.logger.warn(`ignored a malformed session revocation on ${msg.subject}`);
          return;
        }
        this.add(parsed.data.sessionIds);
      },
    });
    // The subscription must be registered on the server before this replica serves a request.
    await this.nc.flush();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nc?.drain();
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
