import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  IDENTITY_EVENTS,
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_LINK_MESSAGE,
  USER_EXISTS_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  type SessionGrant,
  type SignInRequest,
  type SignUpRequest,
  type User,
  type VerifyEmailRequest,
} from '@runpledge/contracts';
import { DomainEvents, LOGGER, Mailer, ServiceException } from '@runpledge/server-kit';
import argon2 from 'argon2';
import type { Logger } from 'pino';
import { env } from '../config/env.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { toUser } from '../users/users.service.js';
import { EmailTokensRepository } from './email-tokens.repository.js';
import { EMAIL_TOKEN_TTL_MS, hashToken, newSecretToken } from './secret-token.util.js';
import { verificationMail } from './verification-mail.js';

const ARGON2_OPTIONS = { type: argon2.argon2id } as const;

@Injectable()
export class AuthService {
  /** Verified against when the e-mail is unknown, so a wrong e-mail costs what a wrong password does. */
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly emailTokens: EmailTokensRepository,
    private readonly mailer: Mailer,
    private readonly events: DomainEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.dummyHash = argon2.hash('not-a-real-password', ARGON2_OPTIONS);
  }

  /** Creates the account, its verification token and a session in one transaction, then mails the link. */
  async signUp(request: SignUpRequest): Promise<SessionGrant> {
    const passwordHash = await argon2.hash(request.password, ARGON2_OPTIONS);
    const verification = newSecretToken();
    const result = await this.events.transaction(async (manager) => {
      const user = await this.users.insertIfEmailFree(manager, { email: request.email, passwordHash });
      if (!user) return null;
      await this.emailTokens.insert(manager, {
        userId: user.id,
        type: 'signup',
        tokenHash: verification.hash,
        expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS),
      });
      await this.events.record(manager, IDENTITY_EVENTS.userRegistered, {
        userId: user.id,
        email: user.email,
        registeredAt: user.createdAt.toISOString(),
      });
      const session = await this.sessions.start(manager, user.id);
      return { user, session };
    });
    if (!result) throw new ServiceException(ErrorCode.Conflict, USER_EXISTS_MESSAGE);

    const link = new URL('/auth/confirm', env.PUBLIC_URL);
    link.searchParams.set('token', verification.token);
    link.searchParams.set('type', 'signup');
    // The account exists either way; a mail outage must not fail the sign-up.
    await this.mailer.send(verificationMail(result.user.email, link.toString())).catch((err: unknown) => {
      this.logger.error({ err, userId: result.user.id }, 'verification mail could not be sent');
    });
    return this.grant(toUser(result.user), result.session);
  }

  async signIn(request: SignInRequest): Promise<SessionGrant> {
    const user = await this.users.findByEmail(request.email);
    const valid = await argon2.verify(user?.passwordHash ?? (await this.dummyHash), request.password);
    if (!user || !valid) throw new ServiceException(ErrorCode.Unauthorized, INVALID_CREDENTIALS_MESSAGE);
    const session = await this.events.transaction((manager) => this.sessions.start(manager, user.id));
    return this.grant(toUser(user), session);
  }

  signOut(sessionToken: string): Promise<void> {
    return this.sessions.revoke(sessionToken);
  }

  async signOutEverywhere(userId: string): Promise<void> {
    await this.sessions.revokeAllForUser(userId);
  }

  /** Checks the current password, stores the new one and revokes every other session of the user. */
  async changePassword(request: {
    userId: string;
    sessionId: string;
    currentPassword: string;
    newPassword: string;
  }): Promise<void> {
    const user = await this.users.findById(request.userId);
    if (!user || !(await this.sessions.isLive(request.sessionId, user.id))) {
      throw new ServiceException(ErrorCode.Unauthorized, 'Your session has ended. Please sign in again.');
    }
    if (!(await argon2.verify(user.passwordHash, request.currentPassword))) {
      throw ServiceException.badRequest(WRONG_CURRENT_PASSWORD_MESSAGE);
    }
    await this.users.updatePasswordHash(user.id, await argon2.hash(request.newPassword, ARGON2_OPTIONS));
    await this.sessions.revokeAllForUser(user.id, { exceptSessionId: request.sessionId });
  }

  async verifyEmail(request: VerifyEmailRequest): Promise<User> {
    const user = await this.events.transaction(async (manager) => {
      const token = await this.emailTokens.consume(manager, hashToken(request.token), request.type);
      if (!token) return null;
      const verified = await this.users.markVerified(manager, token.userId);
      await this.events.record(manager, IDENTITY_EVENTS.userVerified, {
        userId: verified.id,
        verifiedAt: new Date().toISOString(),
      });
      return verified;
    });
    if (!user) throw ServiceException.badRequest(INVALID_LINK_MESSAGE);
    return toUser(user);
  }

  private grant(user: User, session: { sessionId: string; sessionToken: string; expiresAt: Date }): SessionGrant {
    const access = this.sessions.accessTokenFor({
      sessionId: session.sessionId,
      userId: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
    });
    return { user, sessionToken: session.sessionToken, expiresAt: session.expiresAt.toISOString(), ...access };
  }
}
