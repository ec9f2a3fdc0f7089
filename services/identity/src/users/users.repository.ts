import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { UserEntity } from './user.entity.js';

@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email });
  }

  /** Inserts within the caller's transaction; resolves null when the e-mail is already taken. */
  async insertIfEmailFree(
    manager: EntityManager,
    user: Pick<UserEntity, 'email' | 'passwordHash'>,
  ): Promise<UserEntity | null> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(UserEntity)
      .values({ email: user.email, passwordHash: user.passwordHash })
      .orIgnore()
      .returning('*')
      .execute();
    const row = (result.raw as Record<string, unknown>[])[0];
    return row
      ? manager.create(UserEntity, {
          id: row.id as string,
          email: row.email as string,
          passwordHash: row.password_hash as string,
          emailVerified: row.email_verified as boolean,
          createdAt: row.created_at as Date,
        })
      : null;
  }
}
