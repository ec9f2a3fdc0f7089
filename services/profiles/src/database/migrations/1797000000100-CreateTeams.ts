import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Teams and their members. A team's raised, donors, miles (as meters) and member count are columns
 * kept by events: each member row holds the snapshot last applied (with its version), and a newer
 * one moves the team's columns by the difference. A page is in one team at most (primary key).
 */
export class CreateTeams1797000000100 implements MigrationInterface {
  name = 'CreateTeams1797000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "profiles"."runner_profiles" ADD COLUMN "totals_version" bigint NOT NULL DEFAULT 0`,
    );
    await queryRunner.query(`
      CREATE TABLE "profiles"."teams" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "slug" text NOT NULL UNIQUE,
        "name" text NOT NULL,
        "story" text NOT NULL DEFAULT '',
        "charity_name" text NOT NULL,
        "marathon_name" text NOT NULL,
        "marathon_date" date NOT NULL,
        "currency" text NOT NULL,
        "goal_amount" numeric(12,2) NOT NULL DEFAULT 0,
        "join_rule" text NOT NULL CHECK ("join_rule" IN ('open', 'approval')),
        "captain_profile_id" uuid NOT NULL,
        "invite_code" text NOT NULL,
        "raised" numeric(14,2) NOT NULL DEFAULT 0,
        "donors" integer NOT NULL DEFAULT 0,
        "meters" double precision NOT NULL DEFAULT 0,
        "member_count" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "profiles"."team_members" (
        "runner_profile_id" uuid PRIMARY KEY REFERENCES "profiles"."runner_profiles" ("id") ON DELETE CASCADE,
        "team_id" uuid NOT NULL REFERENCES "profiles"."teams" ("id") ON DELETE CASCADE,
        "user_id" uuid NOT NULL,
        "status" text NOT NULL CHECK ("status" IN ('member', 'pending')),
        "requested_at" timestamptz NOT NULL DEFAULT now(),
        "joined_at" timestamptz NOT NULL DEFAULT now(),
        "published" boolean NOT NULL,
        "raised" numeric(12,2) NOT NULL DEFAULT 0,
        "donors" integer NOT NULL DEFAULT 0,
        "currency" text NOT NULL,
        "totals_version" bigint NOT NULL DEFAULT 0,
        "meters" double precision NOT NULL DEFAULT 0,
        "distance_version" bigint NOT NULL DEFAULT 0,
        "digest_mailed_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "team_members_ranking_raised" ON "profiles"."team_members" ("team_id", "raised" DESC, "runner_profile_id") WHERE "status" = 'member' AND "published"`,
    );
    await queryRunner.query(
      `CREATE INDEX "team_members_ranking_meters" ON "profiles"."team_members" ("team_id", "meters" DESC, "runner_profile_id") WHERE "status" = 'member' AND "published"`,
    );
    await queryRunner.query(
      `CREATE INDEX "team_members_team_joined" ON "profiles"."team_members" ("team_id", "joined_at")`,
    );
    await queryRunner.query(`CREATE INDEX "team_members_user" ON "profiles"."team_members" ("user_id")`);
    // fitness's running distance per runner, as its events last told it.
    await queryRunner.query(`
      CREATE TABLE "profiles"."runner_distances" (
        "user_id" uuid PRIMARY KEY,
        "total_meters" double precision NOT NULL,
        "version" bigint NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "profiles"."runner_distances"`);
    await queryRunner.query(`DROP TABLE "profiles"."team_members"`);
    await queryRunner.query(`DROP TABLE "profiles"."teams"`);
    await queryRunner.query(`ALTER TABLE "profiles"."runner_profiles" DROP COLUMN "totals_version"`);
  }
}
