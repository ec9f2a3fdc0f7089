import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ChallengeInput } from '@runpledge/contracts';
import type { EntityManager, Repository } from 'typeorm';
import { FundraisingChallengeEntity } from './fundraising-challenge.entity.js';

@Injectable()
export class FundraisingChallengesRepository {
  constructor(
    @InjectRepository(FundraisingChallengeEntity) private readonly challenges: Repository<FundraisingChallengeEntity>,
  ) {}

  listByProfileId(
    profileId: string,
    manager: EntityManager = this.challenges.manager,
  ): Promise<FundraisingChallengeEntity[]> {
    return manager.find(FundraisingChallengeEntity, {
      where: { runnerProfileId: profileId },
      order: { position: 'ASC' },
    });
  }

  findById(manager: EntityManager, id: string): Promise<FundraisingChallengeEntity | null> {
    return manager.findOneBy(FundraisingChallengeEntity, { id });
  }

  /** Adds challenges in the given order after `firstPosition - 1`. */
  async insertInOrder(
    manager: EntityManager,
    profileId: string,
    inputs: ChallengeInput[],
    firstPosition: number,
  ): Promise<FundraisingChallengeEntity[]> {
    if (inputs.length === 0) return [];
    const rows = inputs.map((input, index) =>
      manager.create(FundraisingChallengeEntity, {
        ...input,
        runnerProfileId: profileId,
        position: firstPosition + index,
      }),
    );
    return manager.save(rows);
  }

  async update(manager: EntityManager, id: string, input: ChallengeInput): Promise<void> {
    await manager.update(FundraisingChallengeEntity, { id }, input);
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.delete(FundraisingChallengeEntity, { id });
  }

  /** Puts the page's challenges in the order of `orderedIds` (positions 0, 1, …) in one statement. */
  async reorder(manager: EntityManager, profileId: string, orderedIds: string[]): Promise<void> {
    const table = manager.connection.getMetadata(FundraisingChallengeEntity).tablePath;
    await manager.query(
      `UPDATE ${table} AS c SET position = o.ordinality - 1
         FROM unnest($1::uuid[]) WITH ORDINALITY AS o(id, ordinality)
        WHERE c.id = o.id AND c.runner_profile_id = $2`,
      [orderedIds, profileId],
    );
  }
}
