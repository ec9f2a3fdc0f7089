import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The copy of the pages groups show, and the one standings mechanism every kind of group uses. */
export class CreatePagesAndStandings1798000000610 implements MigrationInterface {
  name = 'CreatePagesAndStandings1798000000610';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "community"."pages" (
        "profile_id" uuid PRIMARY KEY,
        "user_id" uuid,
        "url_slug" text NOT NULL,
        "name" text,
        "card_changed_at" timestamptz,
        "funds_raised" numeric(12,2) NOT NULL,
        "fundraising_goal" numeric(12,2) NOT NULL,
        "total_donors" integer NOT NULL,
        "currency" text NOT NULL,
        "totals_version" bigint NOT NULL,
        "deleted_at" timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX "pages_user_id" ON "community"."pages" ("user_id")`);
    await queryRunner.query(`
      CREATE TABLE "community"."runner_distances" (
        "user_id" uuid PRIMARY KEY,
        "total_meters" double precision NOT NULL,
        "version" bigint NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE "community"."owner_access" (
        "user_id" uuid PRIMARY KEY,
        "status" text NOT NULL CHECK ("status" IN ('none','trialing','active','past_due','canceled','lifetime')),
        "current_period_end" timestamptz,
        "changed_at" timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE "community"."standings" (
        "group_kind" text NOT NULL CHECK ("group_kind" IN ('team','charity','event')),
        "group_id" uuid NOT NULL,
        "currency" text NOT NULL,
        "raised" numeric(14,2) NOT NULL,
        "donors" integer NOT NULL,
        "meters" double precision NOT NULL,
        "member_count" integer NOT NULL,
        PRIMARY KEY ("group_kind", "group_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "community"."standing_members" (
        "group_kind" text NOT NULL,
        "profile_id" uuid NOT NULL,
        "group_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "status" text NOT NULL CHECK ("status" IN ('member','pending')),
        "joined_at" timestamptz NOT NULL,
        "published" boolean NOT NULL,
        "raised" numeric(12,2) NOT NULL,
        "donors" integer NOT NULL,
        "currency" text NOT NULL,
        "totals_version" bigint NOT NULL,
        "meters" double precision NOT NULL,
        "distance_version" bigint NOT NULL,
        PRIMARY KEY ("group_kind", "profile_id"),
        FOREIGN KEY ("group_kind", "group_id") REFERENCES "community"."standings" ("group_kind", "group_id")
          ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "standing_members_group" ON "community"."standing_members" ("group_kind", "group_id")`,
    );
    await queryRunner.query(`CREATE INDEX "standing_members_user_id" ON "community"."standing_members" ("user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "community"."standing_members"`);
    await queryRunner.query(`DROP TABLE "community"."standings"`);
    await queryRunner.query(`DROP TABLE "community"."owner_access"`);
    await queryRunner.query(`DROP TABLE "community"."runner_distances"`);
    await queryRunner.query(`DROP TABLE "community"."pages"`);
  }
}
