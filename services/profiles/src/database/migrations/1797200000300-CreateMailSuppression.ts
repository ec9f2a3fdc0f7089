import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMailSuppression1797200000300 implements MigrationInterface {
  name = 'CreateMailSuppression1797200000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Inboxes that asked for no more mail, by the hash of their normalised address (never the address).
    await queryRunner.query(`
      CREATE TABLE "profiles"."suppressed_inboxes" (
        "inbox_hash" text PRIMARY KEY,
        "suppressed_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // The link token of each pledge or team mail, by hash, and the inbox it went to.
    await queryRunner.query(`
      CREATE TABLE "profiles"."mail_stop_links" (
        "token_hash" text PRIMARY KEY,
        "inbox_hash" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_mail_stop_links_created" ON "profiles"."mail_stop_links" ("created_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "profiles"."mail_stop_links"`);
    await queryRunner.query(`DROP TABLE "profiles"."suppressed_inboxes"`);
  }
}
