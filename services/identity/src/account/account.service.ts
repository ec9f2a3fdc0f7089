import { Injectable } from '@nestjs/common';
import { IDENTITY_EVENTS } from '@runpledge/contracts';
import { DomainEvents, forgetPublishedEventsOf } from '@runpledge/server-kit';
import { AuthService } from '../auth/auth.service.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { toUser } from '../users/users.service.js';

@Injectable()
export class AccountService {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Deletes the account once its password is confirmed. Its sessions are revoked in the same
   * transaction and every gateway is told before the answer, so no browser's access token writes
   * after it. `identity.user.deleted` goes out with the deletion; profiles, billing and fitness
   * remove what they hold (and keep a tombstone) when they receive it.
   */
  async delete(userId: string, password: string): Promise<void> {
    await this.auth.verifiedPassword(userId, password);
    const revocation = await this.events.transaction(async (manager) => {
      await forgetPublishedEventsOf(manager, userId);
      const revoked = await this.sessions.revokeAllInTransaction(manager, userId);
      await this.users.delete(manager, userId);
      await this.events.record(manager, IDENTITY_EVENTS.userDeleted, { userId, deletedAt: new Date().toISOString() });
      return revoked;
    });
    if (revocation) await this.sessions.announce(revocation);
  }

  /** What identity holds about the user: the account and its sessions (never a password hash or token). */
  async export(userId: string): Promise<Record<string, unknown>> {
    const user = await this.users.findById(userId);
    return { user: user ? toUser(user) : null, sessions: await this.sessions.listForExport(userId) };
  }
}
