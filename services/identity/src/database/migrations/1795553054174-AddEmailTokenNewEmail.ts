import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An e-mail change token carries the address it confirms; a reset token's lookups go by user and type. */
export class AddEmailTokenNewEmail1795553054174 implements MigrationInterface {
  name = 'AddEmailTokenNewEmail1795553054174';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."email_tokens" ADD COLUMN "new_email" text`);
    await queryRunner.query(
      `CREATE INDEX "email_tokens_user_type_idx" ON "identity"."email_tokens" ("user_id", "type")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "identity"."email_tokens_user_type_idx"`);
    await queryRunner.query(`ALTER TABLE "identity"."email_tokens" DROP COLUMN "new_email"`);
  }
}
