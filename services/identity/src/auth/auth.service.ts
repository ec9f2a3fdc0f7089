import { Inject, Injectable } from '@nestjs/common';
import {
  EMAIL_TAKEN_MESSAGE,
  ErrorCode,
  IDENTITY_EVENTS,
  INVALID_RESET_LINK_MESSAGE,
  SAME_EMAIL_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  type ChangeEmailRequest,
  type PasswordResetConfirm,
  type PasswordResetRequest,
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
import { emailChangedNoticeMail, emailChangeMail, passwordResetMail } from './account-mails.js';
import { EMAIL_TOKEN_TTL_MS, hashToken, newSecretToken, PASSWORD_RESET_TTL_MS } from './secret-token.util.js';
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
    await this.users.updatePassword(user.id, await argon2.hash(request.newPassword, ARGON2_OPTIONS));
    await this.sessions.revokeAllForUser(user.id, { exceptSessionId: request.sessionId });
  }

  async verifyEmail(request: VerifyEmailRequest): Promise<User> {
    if (request.type === 'email_change') return this.confirmEmailChange(request.token);
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

  /**
   * Mails a single-use link valid 1 hour when the address has an account. The caller learns nothing
   * either way: same answer, and the mail goes out after the reply.
   */
  async requestPasswordReset(request: PasswordResetRequest): Promise<void> {
    const user = await this.users.findByEmail(request.email);
    if (!user) return;
    const reset = newSecretToken();
    await this.events.transaction(async (manager) => {
      await this.emailTokens.retireAll(manager, user.id, 'password_reset');
      await this.emailTokens.insert(manager, {
        userId: user.id,
        type: 'password_reset',
        tokenHash: reset.hash,
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
      });
    });
    const link = new URL('/reset-password', env.PUBLIC_URL);
    link.searchParams.set('token', reset.token);
    void this.mailer.send(passwordResetMail(user.email, link.toString())).catch((err: unknown) => {
      this.logger.error({ err, userId: user.id }, 'password reset mail could not be sent');
    });
  }

  /** Sets the new password from a live reset link, then ends every session of the user. */
  async confirmPasswordReset(request: PasswordResetConfirm): Promise<void> {
    const passwordHash = await argon2.hash(request.password, ARGON2_OPTIONS);
    const userId = await this.events.transaction(async (manager) => {
      const token = await this.emailTokens.consume(manager, hashToken(request.token), 'password_reset');
      if (!token) return null;
      await this.users.updatePassword(token.userId, passwordHash, manager);
      return token.userId;
    });
    if (!userId) throw ServiceException.badRequest(INVALID_RESET_LINK_MESSAGE);
    const revoked = await this.sessions.revokeAllForUser(userId);
    this.logger.info({ userId, revoked }, 'password reset; every session ended');
  }

  /** Mails a confirmation link to the new address; the account keeps its address until it is followed. */
  async changeEmail(userId: string, request: ChangeEmailRequest): Promise<void> {
    const user = await this.verifiedPassword(userId, request.password);
    if (user.email === request.email) throw ServiceException.badRequest(SAME_EMAIL_MESSAGE);
    if (await this.users.findByEmail(request.email)) throw ServiceException.conflict(EMAIL_TAKEN_MESSAGE);
    const change = newSecretToken();
    await this.events.transaction(async (manager) => {
      await this.emailTokens.retireAll(manager, user.id, 'email_change');
      await this.emailTokens.insert(manager, {
        userId: user.id,
        type: 'email_change',
        tokenHash: change.hash,
        expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS),
        newEmail: request.email,
      });
    });
    const link = new URL('/auth/confirm', env.PUBLIC_URL);
    link.searchParams.set('token', change.token);
    link.searchParams.set('type', 'email_change');
    await this.mailer.send(emailChangeMail(request.email, link.toString())).catch((err: unknown) => {
      this.logger.error({ err, userId }, 'e-mail change mail could not be sent');
      throw new ServiceException(ErrorCode.ServiceUnavailable, 'The e-mail could not be sent. Please try again.');
    });
  }

  /** The account's user when `password` is its password; 400 otherwise (the caller is signed in). */
  async verifiedPassword(userId: string, password: string) {
    const user = await this.users.findById(userId);
    const valid = await argon2.verify(user?.passwordHash ?? (await this.dummyHash), password);
    if (!user || !valid) throw ServiceException.badRequest(WRONG_PASSWORD_MESSAGE);
    return user;
  }

  private async confirmEmailChange(rawToken: string): Promise<User> {
    let previousEmail = '';
    const user = await this.events
      .transaction(async (manager) => {
        const token = await this.emailTokens.consume(manager, hashToken(rawToken), 'email_change');
        if (!token?.newEmail) return null;
        previousEmail = (await this.users.findById(token.userId))?.email ?? '';
        const changed = await this.users.updateEmailIfFree(manager, token.userId, token.newEmail);
        if (!changed) throw ServiceException.conflict(EMAIL_TAKEN_MESSAGE);
        await this.events.record(manager, IDENTITY_EVENTS.userEmailChanged, {
          userId: changed.id,
          email: changed.email,
          changedAt: new Date().toISOString(),
        });
        return changed;
      })
      .catch((err: unknown) => {
        // Another account took the address between the check and the update.
        if ((err as { driverError?: { code?: string } }).driverError?.code === '23505')
          throw ServiceException.conflict(EMAIL_TAKEN_MESSAGE);
        throw err;
      });
    if (!user) throw ServiceException.badRequest(INVALID_LINK_MESSAGE);
    if (previousEmail) {
      void this.mailer.send(emailChangedNoticeMail(previousEmail, user.email)).catch((err: unknown) => {
        this.logger.error({ err, userId: user.id }, 'e-mail changed notice could not be sent');
      });
    }
    return toUser(user);
  }
}
