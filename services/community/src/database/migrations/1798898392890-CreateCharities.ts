import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Charities, their staff, the links mailed to verify them and to invite staff, and the per-currency
 * sums of groups that raise in several currencies (a charity's runners raise in dollars and pounds).
 * New tables only: a running deployment does not read them.
 */
export class CreateCharities1798898392890 implements MigrationInterface {
  name = 'CreateCharities1798898392890';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "community"."charities" (
        "id" uuid PRIMARY KEY,
        "slug" text NOT NULL UNIQUE,
        "name" text NOT NULL,
        "website" text NOT NULL,
        "registered_number" text,
        "country" text NOT NULL,
        "mission" text NOT NULL,
        "verified_at" timestamptz,
        "verified_email" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "charities_directory" ON "community"."charities" (("verified_at" IS NULL), lower("name"), "id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "community"."charity_staff" (
        "charity_id" uuid NOT NULL REFERENCES "community"."charities" ("id") ON DELETE CASCADE,
        "user_id" uuid NOT NULL,
        "email" text NOT NULL,
        "role" text NOT NULL CHECK ("role" IN ('admin','staff')),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("charity_id", "user_id")
      )`);
    await queryRunner.query(`CREATE INDEX "charity_staff_user_id" ON "community"."charity_staff" ("user_id")`);
    await queryRunner.query(`
      CREATE TABLE "community"."charity_links" (
        "token_hash" text PRIMARY KEY,
        "charity_id" uuid NOT NULL REFERENCES "community"."charities" ("id") ON DELETE CASCADE,
        "kind" text NOT NULL CHECK ("kind" IN ('verification','invitation')),
        "email" text NOT NULL,
        "role" text CHECK ("role" IN ('admin','staff')),
        "website" text,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "charity_links_charity" ON "community"."charity_links" ("charity_id", "kind", "email")`,
    );
    await queryRunner.query(`
      CREATE TABLE "community"."standing_currency_sums" (
        "group_kind" text NOT NULL,
        "group_id" uuid NOT NULL,
        "currency" text NOT NULL,
        "raised" numeric(14,2) NOT NULL DEFAULT 0,
        "donors" integer NOT NULL DEFAULT 0,
        "member_count" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("group_kind", "group_id", "currency")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "community"."standing_currency_sums"`);
    await queryRunner.query(`DROP TABLE "community"."charity_links"`);
    await queryRunner.query(`DROP TABLE "community"."charity_staff"`);
    await queryRunner.query(`DROP TABLE "community"."charities"`);
  }
}
