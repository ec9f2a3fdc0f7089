import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  ErrorCode,
  IDENTITY_BROADCASTS,
  type RefreshGrant,
  type SessionsRevoked,
  type SessionUser,
} from '@runpledge/contracts';
import {
  broadcastSubject,
  DomainEvents,
  ensureRevocationStream,
  LOGGER,
  markOutboxRowPublished,
  NATS_CONNECTION,
  publishStored,
  recordBroadcast,
  ServiceException,
} from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { hashToken, newSecretToken, SESSION_TTL_MS } from '../auth/secret-token.util.js';
import { env } from '../config/env.js';
import { AccessTokensService } from './access-tokens.service.js';
import { SessionsRepository, type SessionOfUser } from './sessions.repository.js';

/** A token rotated away still refreshes for this long: a browser's parallel requests all carry the old one. */
const ROTATION_GRACE_SECONDS = 30;
const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

const idleSeconds = () => env.SESSION_IDLE_TIMEOUT_HOURS * 3600;

/** Revocations stay in their stream a little longer than an access token lives (clocks differ). */
export const revocationRetentionSeconds = () => env.ACCESS_TOKEN_TTL_SECONDS + 120;

export interface PendingRevocation {
  revoked: SessionsRevoked;
  outboxId: string;
}

@Injectable()
export class SessionsService implements OnModuleInit {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly accessTokens: AccessTokensService,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly dataSource: DataSource,
    private readonly events: DomainEvents,
  ) {}

  /** The stream that keeps revocations for gateway replicas that miss the broadcast. */
  async onModuleInit(): Promise<void> {
    try {
      await ensureRevocationStream(
        this.nc,
        broadcastSubject(IDENTITY_BROADCASTS.sessionsRevoked),
        revocationRetentionSeconds(),
      );
    } catch (err) {
      // Without JetStream the core broadcast still reaches every connected replica.
      this.logger.warn({ err }, 'the session revocation stream could not be created');
    }
  }

  /** Opens a session for the user; the raw token goes to the cookie, its hash to the table. */
  async start(
    manager: EntityManager,
    userId: string,
  ): Promise<{ sessionId: string; sessionToken: string; expiresAt: Date }> {
    const { token, hash } = newSecretToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    const sessionId = await this.sessions.insert(manager, { userId, tokenHash: hash, expiresAt });
    return { sessionId, sessionToken: token, expiresAt };
  }

  async validate(sessionToken: string): Promise<SessionUser> {
    const user = await this.sessions.findUserOfActiveSession(hashToken(sessionToken), idleSeconds());
    if (!user) throw new ServiceException(ErrorCode.Unauthorized, SESSION_ENDED_MESSAGE);
    return { id: user.id, email: user.email, emailVerified: user.emailVerified };
  }

  /**
   * Trades a live session token for a new access token, rotating the session token once it is
   * `SESSION_ROTATE_AFTER_SECONDS` old. A token rotated away moments ago (a parallel request of the
   * same browser) gets an access token only.
   */
  async refresh(sessionToken: string): Promise<RefreshGrant> {
    const hash = hashToken(sessionToken);
    const next = newSecretToken();
    const rotated = await this.sessions.rotate(hash, next.hash, idleSeconds(), env.SESSION_ROTATE_AFTER_SECONDS);
    const session = rotated ?? (await this.sessions.touch(hash, idleSeconds(), ROTATION_GRACE_SECONDS));
    if (!session) throw new ServiceException(ErrorCode.Unauthorized, SESSION_ENDED_MESSAGE);
    const user = {
      id: session.userId,
      email: session.email,
      emailVerified: session.emailVerified,
      sessionId: session.sessionId,
    };
    return {
      user,
      ...this.accessTokenFor(session),
      ...(rotated ? { sessionToken: next.token } : {}),
      expiresAt: session.expiresAt.toISOString(),
    };
  }

  /** An access token for a session just opened or refreshed. */
  accessTokenFor(session: Pick<SessionOfUser, 'sessionId' | 'userId' | 'email' | 'emailVerified'>) {
    return this.accessTokens.issue({
      sub: session.userId,
      sid: session.sessionId,
      email: session.email,
      emailVerified: session.emailVerified,
    });
  }

  /** Sign-out: revokes the session and tells every gateway to refuse its access tokens now. */
  revoke(sessionToken: string): Promise<void> {
    return this.revokeByTokenHash(hashToken(sessionToken));
  }

  /** Sign-out by the token's hash (a gateway's retry); revoking a session already ended does nothing. */
  async revokeByTokenHash(tokenHash: string): Promise<void> {
    const revocation = await this.dataSource.transaction(async (manager) => {
      const revoked = await this.sessions.revoke(tokenHash, manager);
      return revoked ? this.recordRevocation(manager, { userId: revoked.userId, sessionIds: [revoked.id] }) : null;
    });
    if (revocation) await this.announce(revocation);
  }

  /**
   * Revokes every session of the user (but `exceptSessionId`, the caller's own when they keep it)
   * and tells every gateway to refuse their access tokens now. Resolves the number revoked.
   */
  async revokeAllForUser(userId: string, options: { exceptSessionId?: string } = {}): Promise<number> {
    const { count, revocation } = await this.dataSource.transaction(async (manager) => {
      const sessionIds = await this.sessions.revokeAllForUser(userId, options.exceptSessionId, manager);
      return {
        count: sessionIds.length,
        revocation: sessionIds.length > 0 ? await this.recordRevocation(manager, { userId, sessionIds }) : null,
      };
    });
    if (revocation) await this.announce(revocation);
    return count;
  }

  /**
   * Revokes every session of the user inside the caller's transaction (an account deletion): the
   * revocation is in the outbox with it; `announce` it once the transaction commits.
   */
  async revokeAllInTransaction(manager: EntityManager, userId: string): Promise<PendingRevocation | null> {
    const sessionIds = await this.sessions.revokeAllForUser(userId, undefined, manager);
    return sessionIds.length > 0 ? this.recordRevocation(manager, { userId, sessionIds }) : null;
  }

  /** Whether the caller's session is still live (a revoked one may still carry a valid access token briefly). */
  isLive(sessionId: string, userId: string): Promise<boolean> {
    return this.sessions.isLive(sessionId, userId);
  }

  /** The revocation, written to the outbox with the sessions' change: it cannot be lost after commit. */
  private async recordRevocation(manager: EntityManager, revoked: SessionsRevoked): Promise<PendingRevocation> {
    return { revoked, outboxId: await recordBroadcast(manager, IDENTITY_BROADCASTS.sessionsRevoked, revoked) };
  }

  /**
   * One publish, two paths: every connected gateway replica hears it at once (core NATS, no queue
   * group), and the revocation stream stores it (acknowledged before we answer), so a replica that
   * was disconnected or starts later still reads it. When NATS cannot take it now (identity cut off
   * longer than the client buffers), the outbox row stays and the relay publishes it once NATS is back.
   */
  async announce({ revoked, outboxId }: PendingRevocation): Promise<void> {
    try {
      await publishStored(this.nc, broadcastSubject(IDENTITY_BROADCASTS.sessionsRevoked), JSON.stringify(revoked));
    } catch (err) {
      this.logger.warn(
        { err, userId: revoked.userId },
        'session revocation not broadcast yet: the outbox relay retries',
      );
      this.events.relay.kick();
      return;
    }
    // Done by hand; were this lost, the relay would only send it again (gateways ignore a repeat).
    await markOutboxRowPublished(this.dataSource, outboxId).catch((err: unknown) =>
      this.logger.warn({ err }, 'could not mark a broadcast revocation as sent'),
    );
  }

  /** The user's signed-in browsers for "export my data": when each started and ends, never a token. */
  async listForExport(userId: string): Promise<{ createdAt: string; expiresAt: string; revokedAt: string | null }[]> {
    return (await this.sessions.listByUserId(userId)).map((s) => ({
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      revokedAt: s.revokedAt?.toISOString() ?? null,
    }));
  }
}
