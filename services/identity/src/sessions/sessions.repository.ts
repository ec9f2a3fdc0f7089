import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, type EntityManager, type FindOptionsWhere, type Repository } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';
import { SessionEntity } from './session.entity.js';

@Injectable()
export class SessionsRepository {
  constructor(@InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>) {}

  async insert(
    manager: EntityManager,
    session: Pick<SessionEntity, 'userId' | 'tokenHash' | 'expiresAt'>,
  ): Promise<void> {
    await manager.insert(SessionEntity, session);
  }

  /** The user of a live session: not revoked, not expired. */
  async findUserOfActiveSession(tokenHash: string): Promise<UserEntity | null> {
    return this.sessions.manager
      .createQueryBuilder(UserEntity, 'u')
      .innerJoin(SessionEntity, 's', 's.user_id = u.id')
      .where('s.token_hash = :tokenHash', { tokenHash })
      .andWhere('s.revoked_at IS NULL')
      .andWhere('s.expires_at > now()')
      .getOne();
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.sessions.update({ tokenHash, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
  }

  /** Deletes every session of the user but `exceptId`; answers how many went. */
  async deleteAllOfUser(userId: string, exceptId?: string): Promise<number> {
    const where: FindOptionsWhere<SessionEntity> = exceptId ? { userId, id: Not(exceptId) } : { userId };
    return (await this.sessions.delete(where)).affected ?? 0;
  }

  listByUserId(userId: string): Promise<SessionEntity[]> {
    return this.sessions.find({ where: { userId }, order: { createdAt: 'ASC' } });
  }
}
