import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { LifetimeCodeEntity } from './lifetime-code.entity.js';

@Injectable()
export class LifetimeCodesRepository {
  constructor(@InjectRepository(LifetimeCodeEntity) private readonly codes: Repository<LifetimeCodeEntity>) {}

  /**
   * Takes one use of a code if it is valid, unexpired and not used up. The row lock makes a second
   * concurrent taker wait and then re-check the limit, so the last use is granted once.
   */
  async takeOneUse(manager: EntityManager, code: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `UPDATE "billing"."lifetime_codes" SET "redemption_count" = "redemption_count" + 1
       WHERE "code" = $1
         AND ("max_redemptions" IS NULL OR "redemption_count" < "max_redemptions")
         AND ("expires_at" IS NULL OR "expires_at" > now())
       RETURNING "code"`,
      [code],
    );
    return rowCount(rows) > 0;
  }

  async giveBackOneUse(manager: EntityManager, code: string): Promise<void> {
    await manager.query(
      `UPDATE "billing"."lifetime_codes" SET "redemption_count" = "redemption_count" - 1 WHERE "code" = $1`,
      [code],
    );
  }

  /** False when this runner had redeemed this code already. */
  async recordRedemption(manager: EntityManager, code: string, userId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO "billing"."lifetime_code_redemptions" ("code", "user_id") VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING "code"`,
      [code, userId],
    );
    return rows.length > 0;
  }

  /** Creates a code or replaces its limits (the count of past redemptions stays). */
  async upsert(code: string, maxRedemptions: number | null, expiresAt: Date | null): Promise<LifetimeCodeEntity> {
    await this.codes.upsert({ code, maxRedemptions, expiresAt }, ['code']);
    return this.codes.findOneByOrFail({ code });
  }
}

// pg answers an UPDATE … RETURNING through TypeORM as [rows, count].
function rowCount(result: unknown[]): number {
  return Array.isArray(result[0]) ? (result[0] as unknown[]).length : result.length;
}
