import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddActivityElapsedTime1795898201969 implements MigrationInterface {
  name = 'AddActivityElapsedTime1795898201969';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Start to finish, pauses included (a race's finish time); null where the source did not say
    // (runs stored before), read then as the moving time.
    await queryRunner.query(
      `ALTER TABLE "fitness"."activities" ADD COLUMN IF NOT EXISTS "elapsed_seconds" integer NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "fitness"."activities" DROP COLUMN IF EXISTS "elapsed_seconds"`);
  }
}
