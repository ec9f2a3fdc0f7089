import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A counter per runner, bumped with each change of their activities: `fitness.distance.changed` carries it. */
export class CreateRunnerDistanceVersions1797000000500 implements MigrationInterface {
  name = 'CreateRunnerDistanceVersions1797000000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "fitness"."runner_distance_versions" (
        "user_id" uuid PRIMARY KEY,
        "version" bigint NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "fitness"."runner_distance_versions"`);
  }
}
