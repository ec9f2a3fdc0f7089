import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SuppressedInboxEntity } from './suppressed-inbox.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(SuppressedInboxEntity).tablePath;

/** Community's copy of the suppression list (`suppressed_inboxes`), hashes only. */
@Injectable()
export class SuppressedInboxesRepository {
  async add(manager: EntityManager, inboxHash: string): Promise<void> {
    await manager.query(`INSERT INTO ${tableOf(manager)} (inbox_hash) VALUES ($1) ON CONFLICT DO NOTHING`, [inboxHash]);
  }

  async has(manager: EntityManager, inboxHash: string): Promise<boolean> {
    return manager.exists(SuppressedInboxEntity, { where: { inboxHash } });
  }
}
