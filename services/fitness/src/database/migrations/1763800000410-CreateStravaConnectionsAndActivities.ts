import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A Strava link belongs to a user (one athlete, whichever of their pages shows it); fitness_profiles
 * becomes fitness's own copy of which user owns which page, fed by profiles' events.
 */
export class CreateStravaConnectionsAndActivities1763800000410 implements MigrationInterface {
  name = 'CreateStravaConnectionsAndActivities1763800000410';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "fitness"."fitness_profiles"
        DROP COLUMN "training_start_date",
        DROP COLUMN "strava_connected",
        DROP COLUMN "needs_reconnect",
        DROP COLUMN "last_synced_at",
        ADD COLUMN "url_slug" text NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE "fitness"."fitness_profiles" ALTER COLUMN "url_slug" DROP DEFAULT`);
    await queryRunner.query(`CREATE INDEX "fitness_profiles_slug_idx" ON "fitness"."fitness_profiles" ("url_slug")`);
    await queryRunner.query(`
      CREATE TABLE "fitness"."strava_connections" (
        "user_id" uuid PRIMARY KEY,
        "athlete_id" text NOT NULL UNIQUE,
        "scope" text NOT NULL DEFAULT '',
        "access_token" text NOT NULL,
        "refresh_token" text NOT NULL,
        "token_expires_at" timestamptz NOT NULL,
        "training_start_date" date,
        "public_display_consent" boolean NOT NULL DEFAULT false,
        "needs_reconnect" boolean NOT NULL DEFAULT false,
        "last_synced_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "fitness"."activities" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "source" text NOT NULL CHECK ("source" IN ('strava', 'manual')),
        "external_id" text,
        "name" text NOT NULL,
        "sport_type" text NOT NULL,
        "distance_meters" double precision NOT NULL,
        "duration_seconds" integer NOT NULL,
        "elevation_gain_meters" double precision NOT NULL DEFAULT 0,
        "start_date" timestamptz NOT NULL,
        "start_date_local" timestamp NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "activities_source_external_id_key" UNIQUE ("source", "external_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "activities_user_start_idx" ON "fitness"."activities" ("user_id", "start_date" DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "fitness"."activities"`);
    await queryRunner.query(`DROP TABLE "fitness"."strava_connections"`);
    await queryRunner.query(`DROP INDEX "fitness"."fitness_profiles_slug_idx"`);
    await queryRunner.query(`
      ALTER TABLE "fitness"."fitness_profiles"
        DROP COLUMN "url_slug",
        ADD COLUMN "training_start_date" date,
        ADD COLUMN "strava_connected" boolean NOT NULL DEFAULT false,
        ADD COLUMN "needs_reconnect" boolean NOT NULL DEFAULT false,
        ADD COLUMN "last_synced_at" timestamptz`);
  }
}
