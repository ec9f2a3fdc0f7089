import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityTarget, Repository } from 'typeorm';
import { RunnerProfileEntity } from '../runner-profiles/runner-profile.entity.js';
import { EncouragementEntity } from './encouragement.entity.js';

@Injectable()
export class EncouragementsRepository {
  constructor(
    @InjectRepository(EncouragementEntity) private readonly encouragements: Repository<EncouragementEntity>,
  ) {}

  /**
   * Stores it and removes the page's oldest beyond the `keep` most recent, in one transaction that
   * holds the page's row, so senders of one page take turns and the count never passes `keep`.
   * False when there is no such page.
   */
  async insertKeepingNewest(
    values: Pick<EncouragementEntity, 'runnerProfileId' | 'senderName' | 'message'>,
    keep: number,
  ): Promise<boolean> {
    const tableOf = (entity: EntityTarget<unknown>) =>
      this.encouragements.manager.connection.getMetadata(entity).tablePath;
    const encouragements = tableOf(EncouragementEntity);
    return this.encouragements.manager.transaction(async (manager) => {
      const page: unknown[] = await manager.query(
        `SELECT id FROM ${tableOf(RunnerProfileEntity)} WHERE id = $1 FOR NO KEY UPDATE`,
        [values.runnerProfileId],
      );
      if (page.length === 0) return false;
      // The time the page's turn came, not the transaction's start: the order senders were kept in.
      await manager.query(
        `INSERT INTO ${encouragements} (runner_profile_id, sender_name, message, created_at)
         VALUES ($1, $2, $3, clock_timestamp())`,
        [values.runnerProfileId, values.senderName, values.message],
      );
      await manager.query(
        `DELETE FROM ${encouragements} WHERE id IN (
           SELECT id FROM ${encouragements} WHERE runner_profile_id = $1
           ORDER BY created_at DESC, id DESC OFFSET $2)`,
        [values.runnerProfileId, keep],
      );
      return true;
    });
  }

  listNewestFirst(runnerProfileId: string, limit: number): Promise<EncouragementEntity[]> {
    return this.encouragements.find({
      where: { runnerProfileId },
      order: { createdAt: 'DESC', id: 'ASC' },
      take: limit,
    });
  }
}
