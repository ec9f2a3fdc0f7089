import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether Strava shows an activity to everyone. Strava activities stored before this column are
 * not known to be public: they stay hidden from visitors until the next read from Strava says so.
 */
export class AddActivityVisibleToAll1795553885134 implements MigrationInterface {
  name = 'AddActivityVisibleToAll1795553885134';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "fitness"."activities" ADD COLUMN "visible_to_all" boolean NOT NULL DEFAULT true`,
    );
    await queryRunner.query(`UPDATE "fitness"."activities" SET "visible_to_all" = false WHERE "source" = 'strava'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "fitness"."activities" DROP COLUMN "visible_to_all"`);
  }
}
