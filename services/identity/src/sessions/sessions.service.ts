import { Injectable } from '@nestjs/common';
import { ErrorCode, type SessionUser } from '@runpledge/contracts';
import { ServiceException } from '@runpledge/server-kit';
import type { EntityManager } from 'typeorm';
import { hashToken, newSecretToken, SESSION_TTL_MS } from '../auth/secret-token.util.js';
import { SessionsRepository } from './sessions.repository.js';

@Injectable()
export class SessionsService {
  constructor(private readonly sessions: SessionsRepository) {}

  /** Opens a session for the user; the raw token goes to the cookie, its hash to the table. */
  async start(manager: EntityManager, userId: string): Promise<{ sessionToken: string; expiresAt: Date }> {
    const { token, hash } = newSecretToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await this.sessions.insert(manager, { userId, tokenHash: hash, expiresAt });
    return { sessionToken: token, expiresAt };
  }

  async validate(sessionToken: string): Promise<SessionUser> {
    const user = await this.sessions.findUserOfActiveSession(hashToken(sessionToken));
    if (!user) throw new ServiceException(ErrorCode.Unauthorized, 'Your session has ended. Please sign in again.');
    return { id: user.id, email: user.email, emailVerified: user.emailVerified };
  }

  async revoke(sessionToken: string): Promise<void> {
    await this.sessions.revoke(hashToken(sessionToken));
  }

  /**
   * Ends every session of the user (but `exceptSessionId`), e.g. after a password reset; answers how
   * many. The gateway asks identity about each request's session, so a deleted row ends it everywhere.
   */
  revokeAllForUser(userId: string, options?: { exceptSessionId?: string }): Promise<number> {
    return this.sessions.deleteAllOfUser(userId, options?.exceptSessionId);
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
