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

  /** `retireAll` for the account of an address; matches no row (and costs the same) when it has none. */
  async retireAllOfEmail(manager: EntityManager, email: string, type: EmailTokenType): Promise<void> {
    await manager.query(
      `UPDATE "identity"."email_tokens" SET "used_at" = now()
        WHERE "type" = $2 AND "used_at" IS NULL
          AND "user_id" = (SELECT "id" FROM "identity"."users" WHERE "email" = $1)`,
      [email, type],
    );
  }

  /**
   * Stores a token for the account of an address and resolves its user id; null, with nothing
   * written, when the address has no account (the same statement runs either way).
   */
  async insertForEmail(
    manager: EntityManager,
    token: { email: string; type: EmailTokenType; tokenHash: string; expiresAt: Date },
  ): Promise<string | null> {
    const rows: { user_id: string }[] = await manager.query(
      `INSERT INTO "identity"."email_tokens" ("user_id", "type", "token_hash", "expires_at")
       SELECT "id", $2, $3, $4 FROM "identity"."users" WHERE "email" = $1
       RETURNING "user_id"`,
      [token.email, token.type, token.tokenHash, token.expiresAt],
    );
    return rows[0]?.user_id ?? null;
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
