import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddDonorDriveDonateUrl1795570000000 implements MigrationInterface {
  name = 'AddDonorDriveDonateUrl1795570000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The participant's donate address as DonorDrive gives it (links.donate); null: built from the event URL.
    await queryRunner.query(`ALTER TABLE "profiles"."runner_profiles" ADD COLUMN "donor_drive_donate_url" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles"."runner_profiles" DROP COLUMN "donor_drive_donate_url"`);
  }
}
