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
      .returning(['id'])
      .execute();
    const id = (result.raw as { id: string }[])[0]?.id;
    return id ? manager.findOneByOrFail(UserEntity, { id }) : null;
  }

  async markVerified(manager: EntityManager, id: string): Promise<UserEntity> {
    await manager.update(UserEntity, { id }, { emailVerified: true });
    return manager.findOneByOrFail(UserEntity, { id });
  }

  /** Stores a new password hash, inside the caller's transaction when one is given. */
  async updatePassword(id: string, passwordHash: string, manager: EntityManager = this.users.manager): Promise<void> {
    await manager.update(UserEntity, { id }, { passwordHash });
  }

  /** Moves the account to a confirmed new address; null when another account took it meanwhile. */
  async updateEmailIfFree(manager: EntityManager, id: string, email: string): Promise<UserEntity | null> {
    const rows: unknown[] = await manager.query(
      `UPDATE "identity"."users" SET "email" = $2, "email_verified" = true
       WHERE "id" = $1 AND NOT EXISTS (SELECT 1 FROM "identity"."users" WHERE "email" = $2 AND "id" <> $1)
       RETURNING "id"`,
      [id, email],
    );
    return rows.length > 0 ? manager.findOneByOrFail(UserEntity, { id }) : null;
  }

  /** Removes the account; its sessions and e-mail tokens go with it (ON DELETE CASCADE). */
  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.delete(UserEntity, { id });
  }
}
