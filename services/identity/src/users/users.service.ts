import { Injectable } from '@nestjs/common';
import { ErrorCode, IDENTITY_EVENTS, type RegisterUserRequest, type User } from '@runpledge/contracts';
import { DomainEvents, ServiceException } from '@runpledge/server-kit';
import argon2 from 'argon2';
import type { UserEntity } from './user.entity.js';
import { UsersRepository } from './users.repository.js';

export function toUser(entity: UserEntity): User {
  return {
    id: entity.id,
    email: entity.email,
    emailVerified: entity.emailVerified,
    createdAt: entity.createdAt.toISOString(),
  };
}

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly events: DomainEvents,
  ) {}

  /** Creates the account and records `identity.user.registered` in the same transaction. */
  async register(request: RegisterUserRequest): Promise<User> {
    const passwordHash = await argon2.hash(request.password, { type: argon2.argon2id });
    const created = await this.events.transaction(async (manager) => {
      const user = await this.users.insertIfEmailFree(manager, { email: request.email, passwordHash });
      if (!user) return null;
      await this.events.record(manager, IDENTITY_EVENTS.userRegistered, {
        userId: user.id,
        email: user.email,
        registeredAt: user.createdAt.toISOString(),
      });
      return user;
    });
    if (!created) throw new ServiceException(ErrorCode.Conflict, 'User already registered');
    return toUser(created);
  }

  async get(id: string): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw ServiceException.notFound('User not found');
    return toUser(user);
  }
}
