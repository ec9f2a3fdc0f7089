import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Profiles' copy of each page's team, from community's events (community owns teams, decision 0022). */
export class CreatePageTeams1797498538086 implements MigrationInterface {
  name = 'CreatePageTeams1797498538086';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "profiles"."page_teams" (
        "profile_id" uuid PRIMARY KEY REFERENCES "profiles"."runner_profiles" ("id") ON DELETE CASCADE,
        "user_id" uuid NOT NULL,
        "team_id" uuid,
        "team_slug" text,
        "team_name" text,
        "status" text CHECK ("status" IN ('member', 'pending')),
        "joined_at" timestamptz,
        "is_captain" boolean NOT NULL DEFAULT false,
        "changed_at" timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "page_teams_user_id" ON "profiles"."page_teams" ("user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "profiles"."page_teams"`);
  }
}
