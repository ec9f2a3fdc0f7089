import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, type EntityManager, type FindOptionsWhere, type Repository } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';
import { SessionEntity } from './session.entity.js';

/** A live session and its user, as a refresh needs them. */
export interface SessionOfUser {
  sessionId: string;
  expiresAt: Date;
  userId: string;
  email: string;
  emailVerified: boolean;
}

interface SessionOfUserRow {
  session_id: string;
  expires_at: Date;
  user_id: string;
  email: string;
  email_verified: boolean;
}

const toSessionOfUser = (row: SessionOfUserRow): SessionOfUser => ({
  sessionId: row.session_id,
  expiresAt: row.expires_at,
  userId: row.user_id,
  email: row.email,
  emailVerified: row.email_verified,
});

/** Not revoked, not past its absolute expiry, used within the idle timeout. */
const LIVE = `s.revoked_at IS NULL AND s.expires_at > now() AND s.last_used_at > now() - make_interval(secs => $2)`;
const RETURNING = `RETURNING s.id AS session_id, s.expires_at, u.id AS user_id, u.email, u.email_verified`;

@Injectable()
export class SessionsRepository {
  constructor(@InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>) {}

  async insert(
    manager: EntityManager,
    session: Pick<SessionEntity, 'userId' | 'tokenHash' | 'expiresAt'>,
  ): Promise<string> {
    const result = await manager.insert(SessionEntity, session);
    return (result.identifiers[0] as { id: string }).id;
  }

  /** The user of a live session: not revoked, not expired, not idle too long. */
  async findUserOfActiveSession(tokenHash: string, idleSeconds: number): Promise<UserEntity | null> {
    return this.sessions.manager
      .createQueryBuilder(UserEntity, 'u')
      .innerJoin(SessionEntity, 's', 's.user_id = u.id')
      .where('s.token_hash = :tokenHash', { tokenHash })
      .andWhere('s.revoked_at IS NULL')
      .andWhere('s.expires_at > now()')
      .andWhere('s.last_used_at > now() - make_interval(secs => :idleSeconds)', { idleSeconds })
      .getOne();
  }

  /**
   * Swaps a live session's token for `newHash` when its current token is at least `rotateAfterSeconds`
   * old (the old one stays honoured briefly); null when the session is not live or not due.
   */
  async rotate(
    tokenHash: string,
    newHash: string,
    idleSeconds: number,
    rotateAfterSeconds: number,
  ): Promise<SessionOfUser | null> {
    const rows = (await this.sessions.query(
      `UPDATE "identity"."sessions" s
          SET previous_token_hash = s.token_hash, token_hash = $3, rotated_at = now(), last_used_at = now()
         FROM "identity"."users" u
        WHERE u.id = s.user_id AND s.token_hash = $1 AND ${LIVE}
          AND COALESCE(s.rotated_at, s.created_at) <= now() - make_interval(secs => $4)
        ${RETURNING}`,
      [tokenHash, idleSeconds, newHash, rotateAfterSeconds],
    )) as QueryResult<SessionOfUserRow>;
    return sessionOfUser(rows);
  }

  /**
   * Marks a live session used, found by its current token or by the one rotated away less than
   * `graceSeconds` ago (a browser's parallel requests all carried it).
   */
  async touch(tokenHash: string, idleSeconds: number, graceSeconds: number): Promise<SessionOfUser | null> {
    const rows = (await this.sessions.query(
      `UPDATE "identity"."sessions" s SET last_used_at = now()
         FROM "identity"."users" u
        WHERE u.id = s.user_id AND ${LIVE}
          AND (s.token_hash = $1 OR (s.previous_token_hash = $1 AND s.rotated_at > now() - make_interval(secs => $3)))
        ${RETURNING}`,
      [tokenHash, idleSeconds, graceSeconds],
    )) as QueryResult<SessionOfUserRow>;
    return sessionOfUser(rows);
  }

  /** Revokes the session of a token (current or just rotated); its id, or null when none was live. */
  async revoke(tokenHash: string, manager?: EntityManager): Promise<{ id: string; userId: string } | null> {
    const rows = (await (manager ?? this.sessions.manager).query(
      `UPDATE "identity"."sessions" SET revoked_at = now()
        WHERE (token_hash = $1 OR previous_token_hash = $1) AND revoked_at IS NULL
        RETURNING id, user_id`,
      [tokenHash],
    )) as QueryResult<{ id: string; user_id: string }>;
    const row = rowsOf(rows)[0];
    return row ? { id: row.id, userId: row.user_id } : null;
  }

  /** Revokes every live session of a user but `exceptSessionId`; the ids revoked. */
  async revokeAllForUser(userId: string, exceptSessionId?: string, manager?: EntityManager): Promise<string[]> {
    const rows = (await (manager ?? this.sessions.manager).query(
      `UPDATE "identity"."sessions" SET revoked_at = now()
        WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)
        RETURNING id`,
      [userId, exceptSessionId ?? null],
    )) as QueryResult<{ id: string }>;
    return rowsOf(rows).map((row) => row.id);
  }

  /** Whether a session is live (for a caller acting from it). */
  async isLive(sessionId: string, userId: string): Promise<boolean> {
    return this.sessions.existsBy({ id: sessionId, userId, revokedAt: IsNull() });
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

/** pg's UPDATE … RETURNING comes back as [rows, count] through TypeORM's query(); a SELECT as rows. */
type QueryResult<T> = [T[], number] | T[];

function rowsOf<T>(result: QueryResult<T>): T[] {
  return result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number' ? result[0] : (result as T[]);
}

function sessionOfUser(result: QueryResult<SessionOfUserRow>): SessionOfUser | null {
  const row = rowsOf(result)[0];
  return row ? toSessionOfUser(row) : null;
}
