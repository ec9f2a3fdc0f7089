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

  /** Stores it in one statement that also finds the page; false when there is no such page. */
  async insertIfProfileExists(
    values: Pick<EncouragementEntity, 'runnerProfileId' | 'senderName' | 'message'>,
  ): Promise<boolean> {
    const tableOf = (entity: EntityTarget<unknown>) =>
      this.encouragements.manager.connection.getMetadata(entity).tablePath;
    const inserted: unknown[] = await this.encouragements.query(
      `INSERT INTO ${tableOf(EncouragementEntity)} (runner_profile_id, sender_name, message)
       SELECT id, $2, $3 FROM ${tableOf(RunnerProfileEntity)} WHERE id = $1
       RETURNING id`,
      [values.runnerProfileId, values.senderName, values.message],
    );
    return inserted.length > 0;
  }

  listNewestFirst(runnerProfileId: string, limit: number): Promise<EncouragementEntity[]> {
    return this.encouragements.find({
      where: { runnerProfileId },
      order: { createdAt: 'DESC', id: 'ASC' },
      take: limit,
    });
  }
}
