import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CharityMessageEntity } from './charity-message.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(CharityMessageEntity).tablePath;

/** Messages sent to runners (`charity_messages`), one row per runner reached. */
@Injectable()
export class CharityMessagesRepository {
  /** Of `profileIds`, those the charity wrote to since `since`. */
  async messagedSince(manager: EntityManager, charityId: string, profileIds: string[], since: Date) {
    if (profileIds.length === 0) return new Set<string>();
    const rows: { id: string }[] = await manager.query(
      `SELECT DISTINCT profile_id AS id FROM ${tableOf(manager)}
        WHERE charity_id = $1 AND profile_id = ANY($2::uuid[]) AND sent_at > $3`,
      [charityId, profileIds, since],
    );
    return new Set(rows.map((r) => r.id));
  }

  async insertMany(manager: EntityManager, charityId: string, senderUserId: string, profileIds: string[]) {
    if (profileIds.length === 0) return;
    await manager.query(
      `INSERT INTO ${tableOf(manager)} (id, charity_id, profile_id, sender_user_id)
       SELECT gen_random_uuid(), $1, unnest($2::uuid[]), $3`,
      [charityId, profileIds, senderUserId],
    );
  }
}
