import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateFitnessProfiles1763800000400 implements MigrationInterface {
  name = 'CreateFitnessProfiles1763800000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "fitness"."fitness_profiles" (
        "profile_id" uuid PRIMARY KEY,
        "user_id" uuid NOT NULL,
        "training_start_date" date,
        "strava_connected" boolean NOT NULL DEFAULT false,
        "needs_reconnect" boolean NOT NULL DEFAULT false,
        "last_synced_at" timestamptz,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "fitness_profiles_user_idx" ON "fitness"."fitness_profiles" ("user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "fitness"."fitness_profiles"`);
  }
}
