import { Injectable } from '@nestjs/common';
import type { User } from '@runpledge/contracts';
import { ServiceException } from '@runpledge/server-kit';
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
  constructor(private readonly users: UsersRepository) {}

  async get(id: string): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw ServiceException.notFound('User not found');
    return toUser(user);
  }
}
