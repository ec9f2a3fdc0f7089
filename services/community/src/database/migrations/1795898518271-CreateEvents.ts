import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The events directory: one race on one day, found by its name's telling words (prefix and
 * trigram search), and the per-currency sums of groups whose members raise in many currencies.
 */
export class CreateEvents1795898518271 implements MigrationInterface {
  name = 'CreateEvents1795898518271';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS "community"."events" (
        "id" uuid PRIMARY KEY,
        "slug" text NOT NULL UNIQUE,
        "name" text NOT NULL,
        "name_key" text NOT NULL,
        "search_text" text NOT NULL,
        "city" text,
        "country" text,
        "date" date NOT NULL,
        "time_zone" text NOT NULL DEFAULT 'UTC',
        "verified" boolean NOT NULL DEFAULT false,
        "merged_into" uuid REFERENCES "community"."events" ("id"),
        "version" bigint NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX IF NOT EXISTS "events_live_key_date" ON "community"."events" ("name_key", "date")
         WHERE "merged_into" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "events_live_date" ON "community"."events" ("date", "name") WHERE "merged_into" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "events_live_search_prefix" ON "community"."events" ("search_text" text_pattern_ops)
         WHERE "merged_into" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "events_live_search_trgm" ON "community"."events" USING gin ("search_text" gin_trgm_ops)
         WHERE "merged_into" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "community"."events"`);
  }
}
