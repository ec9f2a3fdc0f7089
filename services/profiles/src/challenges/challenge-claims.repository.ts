import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, EntityTarget, Repository } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity.js';
import { OwnerAccessEntity } from '../owner-access/owner-access.entity.js';
import { FundraisingChallengeEntity } from './fundraising-challenge.entity.js';
import { RunnerProfileEntity } from '../runner-profiles/runner-profile.entity.js';
import { ChallengeClaimEntity } from './challenge-claim.entity.js';

/** A claim with its challenge and page, as the owner's dashboard lists it. */
export interface OwnerClaimRow {
  id: string;
  challenge_id: string;
  runner_profile_id: string;
  url_slug: string;
  page_name: string;
  amount: string;
  description: string;
  is_exclusive: boolean;
  name: string;
  message: string | null;
  created_at: Date;
}

export interface UnmailedClaimRow {
  claimId: string;
  name: string;
  message: string | null;
  createdAt: Date;
  amount: number;
  description: string;
}

@Injectable()
export class ChallengeClaimsRepository {
  constructor(@InjectRepository(ChallengeClaimEntity) private readonly claims: Repository<ChallengeClaimEntity>) {}

  private tableOf(manager: EntityManager, entity: EntityTarget<unknown>): string {
    return manager.connection.getMetadata(entity).tablePath;
  }

  findChallenge(manager: EntityManager, challengeId: string): Promise<FundraisingChallengeEntity | null> {
    return manager.findOneBy(FundraisingChallengeEntity, { id: challengeId });
  }

  /** The page with its owner's access row, to tell whether it is published. */
  findProfileWithAccess(manager: EntityManager, profileId: string): Promise<RunnerProfileEntity | null> {
    return manager
      .createQueryBuilder(RunnerProfileEntity, 'p')
      .leftJoinAndMapOne('p.ownerAccess', OwnerAccessEntity, 'a', 'a.user_id = p.user_id')
      .where('p.id = :profileId', { profileId })
      .getOne();
  }

  /**
   * Claims the challenge in one statement: a multiple challenge always, an exclusive one only if
   * nobody has; concurrent claims of an exclusive challenge meet at the partial unique index and
   * all but one insert nothing. Null when it was already claimed (or is gone).
   */
  async insertUnlessTaken(
    manager: EntityManager,
    challengeId: string,
    claim: { name: string; message: string | null },
  ): Promise<ChallengeClaimEntity | null> {
    const claims = this.tableOf(manager, ChallengeClaimEntity);
    const challenges = this.tableOf(manager, FundraisingChallengeEntity);
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO ${claims} (challenge_id, runner_profile_id, exclusive, name, message)
       SELECT c.id, c.runner_profile_id, c.is_exclusive, $2, $3 FROM ${challenges} c
        WHERE c.id = $1
          AND (NOT c.is_exclusive OR NOT EXISTS (SELECT 1 FROM ${claims} x WHERE x.challenge_id = c.id))
       ON CONFLICT (challenge_id) WHERE exclusive DO NOTHING
       RETURNING id`,
      [challengeId, claim.name, claim.message],
    );
    const inserted = rows[0];
    return inserted ? manager.findOneByOrFail(ChallengeClaimEntity, { id: inserted.id }) : null;
  }

  /** Removes the claim of that challenge; false when there is none. */
  async deleteOfChallenge(manager: EntityManager, challengeId: string, claimId: string): Promise<boolean> {
    const result = await manager.delete(ChallengeClaimEntity, { id: claimId, challengeId });
    return (result.affected ?? 0) > 0;
  }

  /** Claims on every page of `userId`, newest first. */
  listForOwner(userId: string, limit: number): Promise<OwnerClaimRow[]> {
    const manager = this.claims.manager;
    return manager.query(
      `SELECT cc.id, cc.challenge_id, cc.runner_profile_id, p.url_slug, p.name AS page_name, c.amount,
              c.description, c.is_exclusive, cc.name, cc.message, cc.created_at
         FROM ${this.tableOf(manager, ChallengeClaimEntity)} cc
         JOIN ${this.tableOf(manager, FundraisingChallengeEntity)} c ON c.id = cc.challenge_id
         JOIN ${this.tableOf(manager, RunnerProfileEntity)} p ON p.id = cc.runner_profile_id
        WHERE p.user_id = $1
        ORDER BY cc.created_at DESC, cc.id
        LIMIT $2`,
      [userId, limit],
    );
  }

  /**
   * Marks the owner's claims not yet mailed as mailed and answers them, oldest first, with their
   * challenge and page; claims another digest holds are skipped, not waited for.
   */
  async takeUnmailedOfOwner(manager: EntityManager, userId: string): Promise<UnmailedClaimRow[]> {
    const claims = this.tableOf(manager, ChallengeClaimEntity);
    const challenges = this.tableOf(manager, FundraisingChallengeEntity);
    const pages = this.tableOf(manager, RunnerProfileEntity);
    const [rows] = (await manager.query(
      `UPDATE ${claims} cc SET mailed_at = now()
         FROM ${challenges} c, ${pages} p
        WHERE cc.id IN (SELECT u.id FROM ${claims} u JOIN ${pages} up ON up.id = u.runner_profile_id
                         WHERE up.user_id = $1 AND u.mailed_at IS NULL
                         FOR UPDATE OF u SKIP LOCKED)
          AND c.id = cc.challenge_id AND p.id = cc.runner_profile_id
       RETURNING cc.id AS "claimId", cc.name, cc.message, cc.created_at AS "createdAt",
                 c.amount::float AS amount, c.description`,
      [userId],
    )) as [UnmailedClaimRow[], number];
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  async setReleaseTokenHash(manager: EntityManager, claimId: string, hash: string): Promise<void> {
    await manager.update(ChallengeClaimEntity, { id: claimId }, { releaseTokenHash: hash });
  }

  /** Deletes the claim whose release link has this token hash; its page, or null when there is none. */
  async deleteByReleaseTokenHash(manager: EntityManager, hash: string): Promise<string | null> {
    const [rows] = (await manager.query(
      `DELETE FROM ${this.tableOf(manager, ChallengeClaimEntity)} WHERE release_token_hash = $1
       RETURNING runner_profile_id AS "runnerProfileId"`,
      [hash],
    )) as [{ runnerProfileId: string }[], number];
    return rows[0]?.runnerProfileId ?? null;
  }

  async ownerEmail(manager: EntityManager, userId: string): Promise<string | null> {
    return (await manager.findOneBy(AccountEntity, { userId }))?.email ?? null;
  }
}
