import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAccounts1763800000200 implements MigrationInterface {
  name = 'CreateAccounts1763800000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "profiles"."accounts" (
        "user_id" uuid PRIMARY KEY,
        "email" text NOT NULL,
        "registered_at" timestamptz NOT NULL,
        "verified_at" timestamptz
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "profiles"."accounts"`);
  }
}
