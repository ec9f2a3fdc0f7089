import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EmailTokenEntity, type EmailTokenType } from './email-token.entity.js';

@Injectable()
export class EmailTokensRepository {
  async insert(
    manager: EntityManager,
    token: Pick<EmailTokenEntity, 'userId' | 'tokenHash' | 'expiresAt'> & { type: EmailTokenType; newEmail?: string },
  ): Promise<void> {
    await manager.insert(EmailTokenEntity, token);
  }

  /**
   * Ends every live token of these types for the user: a new link replaces the older ones, and a
   * password change or an e-mail change ends the links that no longer fit.
   */
  async retireAll(manager: EntityManager, userId: string, types: EmailTokenType | EmailTokenType[]): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(EmailTokenEntity)
      .set({ usedAt: () => 'now()' })
      .where('user_id = :userId AND type IN (:...types) AND used_at IS NULL', {
        userId,
        types: Array.isArray(types) ? types : [types],
      })
      .execute();
  }

  /** Marks a live token used and returns it; null when unknown, used, expired or of another type. Single use even under races. */
  async consume(manager: EntityManager, tokenHash: string, type: EmailTokenType): Promise<EmailTokenEntity | null> {
    const result = await manager
      .createQueryBuilder()
      .update(EmailTokenEntity)
      .set({ usedAt: () => 'now()' })
      .where('token_hash = :tokenHash AND type = :type AND used_at IS NULL AND expires_at > now()', { tokenHash, type })
      .returning(['id', 'user_id'])
      .execute();
    const row = (result.raw as { id: string; user_id: string }[])[0];
    return row ? manager.findOneByOrFail(EmailTokenEntity, { id: row.id }) : null;
  }
}
