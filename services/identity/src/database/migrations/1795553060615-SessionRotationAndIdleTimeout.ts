import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Sessions remember when they were last used (idle timeout) and their previous token (rotation grace). */
export class SessionRotationAndIdleTimeout1795553060615 implements MigrationInterface {
  name = 'SessionRotationAndIdleTimeout1795553060615';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "identity"."sessions"
        ADD COLUMN "last_used_at" timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN "previous_token_hash" text,
        ADD COLUMN "rotated_at" timestamptz`);
    await queryRunner.query(
      `CREATE INDEX "sessions_previous_token_idx" ON "identity"."sessions" ("previous_token_hash") WHERE "previous_token_hash" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "identity"."sessions_previous_token_idx"`);
    await queryRunner.query(`
      ALTER TABLE "identity"."sessions"
        DROP COLUMN "rotated_at",
        DROP COLUMN "previous_token_hash",
        DROP COLUMN "last_used_at"`);
  }
}
