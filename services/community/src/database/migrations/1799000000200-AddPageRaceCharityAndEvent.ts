import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Community's copy of a page learns its race, platform, charity, event and creation time from the
 * card (`profiles.profile.card-changed`). Profiles records every page's card again when it starts
 * telling them, so existing pages fill in from events.
 */
export class AddPageRaceCharityAndEvent1799000000200 implements MigrationInterface {
  name = 'AddPageRaceCharityAndEvent1799000000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "community"."pages"
        ADD COLUMN IF NOT EXISTS "marathon_name" text NULL,
        ADD COLUMN IF NOT EXISTS "race_date" date NULL,
        ADD COLUMN IF NOT EXISTS "platform" text NULL,
        ADD COLUMN IF NOT EXISTS "charity_id" uuid NULL,
        ADD COLUMN IF NOT EXISTS "event_id" uuid NULL,
        ADD COLUMN IF NOT EXISTS "page_created_at" timestamptz NULL`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "pages_charity_idx" ON "community"."pages" ("charity_id") WHERE charity_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "pages_event_idx" ON "community"."pages" ("event_id") WHERE event_id IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "community"."pages_event_idx"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "community"."pages_charity_idx"`);
    await queryRunner.query(`
      ALTER TABLE "community"."pages" DROP COLUMN "marathon_name", DROP COLUMN "race_date", DROP COLUMN "platform",
        DROP COLUMN "charity_id", DROP COLUMN "event_id", DROP COLUMN "page_created_at"`);
  }
}
