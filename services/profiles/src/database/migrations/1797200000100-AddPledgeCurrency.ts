import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddPledgeCurrency1797200000100 implements MigrationInterface {
  name = 'AddPledgeCurrency1797200000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A pledge keeps the currency it was made in; existing ones take their page's (the best known).
    await queryRunner.query(`ALTER TABLE "profiles"."pledges" ADD COLUMN "currency" text`);
    await queryRunner.query(
      `UPDATE "profiles"."pledges" x SET "currency" = p."fundraising_currency"
         FROM "profiles"."runner_profiles" p WHERE p."id" = x."runner_profile_id"`,
    );
    await queryRunner.query(`ALTER TABLE "profiles"."pledges" ALTER COLUMN "currency" SET NOT NULL`);
    // The public list: largest rate first, a page at a time.
    await queryRunner.query(
      `CREATE INDEX "IDX_pledges_page_rate" ON "profiles"."pledges" ("runner_profile_id", "rate_per_unit" DESC, "created_at", "id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "profiles"."IDX_pledges_page_rate"`);
    await queryRunner.query(`ALTER TABLE "profiles"."pledges" DROP COLUMN "currency"`);
  }
}
