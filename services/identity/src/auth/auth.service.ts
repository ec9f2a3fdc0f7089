import { Inject, Injectable } from '@nestjs/common';
import {
  EMAIL_TAKEN_MESSAGE,
  ErrorCode,
  IDENTITY_EVENTS,
  INVALID_RESET_LINK_MESSAGE,
  SAME_EMAIL_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  type CancelEmailChangeRequest,
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
import type { EmailTokenType } from './email-token.entity.js';
import { EmailTokensRepository } from './email-tokens.repository.js';
import { emailChangeAskedMail, emailChangedNoticeMail, emailChangeMail, passwordResetMail } from './account-mails.js';
import { EMAIL_TOKEN_TTL_MS, hashToken, newSecretToken, PASSWORD_RESET_TTL_MS } from './secret-token.util.js';
import { verificationMail } from './verification-mail.js';

const ARGON2_OPTIONS = { type: argon2.argon2id } as const;

/**
 * A new password ends every pending e-mail change and reset link: one asked from a session the
 * owner has just ended must not be confirmed later without one.
 */
const LINKS_ENDED_BY_A_NEW_PASSWORD: EmailTokenType[] = ['email_change', 'password_reset'];

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

  /**
   * Checks the current password, stores the new one (ending pending e-mail changes and reset links)
   * and revokes every other session of the user.
   */
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
    const passwordHash = await argon2.hash(request.newPassword, ARGON2_OPTIONS);
    await this.events.transaction(async (manager) => {
      await this.users.updatePassword(user.id, passwordHash, manager);
      await this.emailTokens.retireAll(manager, user.id, LINKS_ENDED_BY_A_NEW_PASSWORD);
    });
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
   * Mails a single-use link valid 1 hour when the address has an account. The work is the same
   * either way (a token made and hashed, the same two statements in one transaction: for an unknown
   * address they match no row), so neither the answer nor its time tells; the mail goes out after
   * the reply, and only to an address with an account.
   */
  async requestPasswordReset(request: PasswordResetRequest): Promise<void> {
    const reset = newSecretToken();
    const userId = await this.events.transaction(async (manager) => {
      await this.emailTokens.retireAllOfEmail(manager, request.email, 'password_reset');
      return this.emailTokens.insertForEmail(manager, {
        email: request.email,
        type: 'password_reset',
        tokenHash: reset.hash,
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
      });
    });
    const link = new URL('/reset-password', env.PUBLIC_URL);
    link.searchParams.set('token', reset.token);
    if (!userId) return;
    void this.mailer.send(passwordResetMail(request.email, link.toString())).catch((err: unknown) => {
      this.logger.error({ err, userId }, 'password reset mail could not be sent');
    });
  }

  /**
   * Sets the new password from a live reset link, ends the user's other links (a pending e-mail
   * change asked from a hijacked session dies with it), then ends every session of the user.
   */
  async confirmPasswordReset(request: PasswordResetConfirm): Promise<void> {
    const passwordHash = await argon2.hash(request.password, ARGON2_OPTIONS);
    const userId = await this.events.transaction(async (manager) => {
      const token = await this.emailTokens.consume(manager, hashToken(request.token), 'password_reset');
      if (!token) return null;
      await this.users.updatePassword(token.userId, passwordHash, manager);
      await this.emailTokens.retireAll(manager, token.userId, LINKS_ENDED_BY_A_NEW_PASSWORD);
      return token.userId;
    });
    if (!userId) throw ServiceException.badRequest(INVALID_RESET_LINK_MESSAGE);
    const revoked = await this.sessions.revokeAllForUser(userId);
    this.logger.info({ userId, revoked }, 'password reset; every session ended');
  }

  /**
   * Mails a confirmation link to the new address, and to the current one a notice with a link that
   * cancels the change; the account keeps its address until the confirmation is followed.
   */
  async changeEmail(userId: string, request: ChangeEmailRequest): Promise<void> {
    const user = await this.verifiedPassword(userId, request.password);
    if (user.email === request.email) throw ServiceException.badRequest(SAME_EMAIL_MESSAGE);
    if (await this.users.findByEmail(request.email)) throw ServiceException.conflict(EMAIL_TAKEN_MESSAGE);
    const change = newSecretToken();
    const cancel = newSecretToken();
    await this.events.transaction(async (manager) => {
      await this.emailTokens.retireAll(manager, user.id, 'email_change');
      const expiresAt = new Date(Date.now() + EMAIL_TOKEN_TTL_MS);
      await this.emailTokens.insert(manager, {
        userId: user.id,
        type: 'email_change',
        tokenHash: change.hash,
        expiresAt,
        newEmail: request.email,
      });
      await this.emailTokens.insert(manager, {
        userId: user.id,
        type: 'email_change_cancel',
        tokenHash: cancel.hash,
        expiresAt,
      });
    });
    const cancelLink = new URL('/cancel-email-change', env.PUBLIC_URL);
    cancelLink.searchParams.set('token', cancel.token);
    const link = new URL('/auth/confirm', env.PUBLIC_URL);
    link.searchParams.set('token', change.token);
    link.searchParams.set('type', 'email_change');
    // The current address hears first: without that notice, no confirmation link goes out.
    const unsent = (err: unknown) => {
      this.logger.error({ err, userId }, 'e-mail change mail could not be sent');
      throw new ServiceException(ErrorCode.ServiceUnavailable, 'The e-mail could not be sent. Please try again.');
    };
    await this.mailer.send(emailChangeAskedMail(user.email, request.email, cancelLink.toString())).catch(unsent);
    await this.mailer.send(emailChangeMail(request.email, link.toString())).catch(unsent);
  }

  /**
   * The "this wasn't me" link of a change: ends the user's pending e-mail changes and signs out
   * every session, so a hijacker's change dies and their session with it.
   */
  async cancelEmailChange(request: CancelEmailChangeRequest): Promise<void> {
    const userId = await this.events.transaction(async (manager) => {
      const token = await this.emailTokens.consume(manager, hashToken(request.token), 'email_change_cancel');
      if (!token) return null;
      await this.emailTokens.retireAll(manager, token.userId, 'email_change');
      return token.userId;
    });
    if (!userId) throw ServiceException.badRequest(INVALID_LINK_MESSAGE);
    const revoked = await this.sessions.revokeAllForUser(userId);
    this.logger.info({ userId, revoked }, 'e-mail change cancelled from the current address; every session ended');
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
        // Reset links went to the old address; they must not outlive it.
        await this.emailTokens.retireAll(manager, token.userId, 'password_reset');
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
