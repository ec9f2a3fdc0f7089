import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSessionsAndEmailTokens1763800000110 implements MigrationInterface {
  name = 'CreateSessionsAndEmailTokens1763800000110';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "identity"."sessions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "identity"."users" ("id") ON DELETE CASCADE,
        "token_hash" text NOT NULL UNIQUE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "revoked_at" timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX "sessions_user_idx" ON "identity"."sessions" ("user_id")`);
    await queryRunner.query(`
      CREATE TABLE "identity"."email_tokens" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "identity"."users" ("id") ON DELETE CASCADE,
        "type" text NOT NULL,
        "token_hash" text NOT NULL UNIQUE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."email_tokens"`);
    await queryRunner.query(`DROP TABLE "identity"."sessions"`);
  }
}
