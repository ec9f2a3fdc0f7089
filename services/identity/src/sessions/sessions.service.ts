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
  ensureRevocationStream,
  LOGGER,
  NATS_CONNECTION,
  publishStored,
  ServiceException,
} from '@runpledge/server-kit';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
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

@Injectable()
export class SessionsService implements OnModuleInit {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly accessTokens: AccessTokensService,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(LOGGER) private readonly logger: Logger,
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
  async revoke(sessionToken: string): Promise<void> {
    const revoked = await this.sessions.revoke(hashToken(sessionToken));
    if (revoked) await this.announce({ userId: revoked.userId, sessionIds: [revoked.id] });
  }

  /**
   * Revokes every session of the user (but `exceptSessionId`, the caller's own when they keep it)
   * and tells every gateway to refuse their access tokens now. Resolves the number revoked.
   */
  async revokeAllForUser(userId: string, options: { exceptSessionId?: string } = {}): Promise<number> {
    const sessionIds = await this.sessions.revokeAllForUser(userId, options.exceptSessionId);
    if (sessionIds.length > 0) await this.announce({ userId, sessionIds });
    return sessionIds.length;
  }

  /** Whether the caller's session is still live (a revoked one may still carry a valid access token briefly). */
  isLive(sessionId: string, userId: string): Promise<boolean> {
    return this.sessions.isLive(sessionId, userId);
  }

  /**
   * One publish, two paths: every connected gateway replica hears it at once (core NATS, no queue
   * group), and the revocation stream stores it (acknowledged before we answer), so a replica that
   * was disconnected or starts later still reads it.
   */
  private async announce(revoked: SessionsRevoked): Promise<void> {
    try {
      await publishStored(this.nc, broadcastSubject(IDENTITY_BROADCASTS.sessionsRevoked), JSON.stringify(revoked));
    } catch (err) {
      // The sessions are revoked either way; gateways then refuse them at the next refresh at the latest.
      this.logger.error({ err, userId: revoked.userId }, 'session revocation could not be broadcast');
    }
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
