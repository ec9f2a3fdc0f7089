import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateRunLedger1797300000100 implements MigrationInterface {
  name = 'CreateRunLedger1797300000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Pledges' ledger: a runner's counted running meters per local day and source, as fitness told
    // them (fitness.runs.changed). `version` is the runner's counter the day was last set at: a day
    // is changed only by a newer one. A day whose runs are gone stays, at zero, with its version.
    await queryRunner.query(`
      CREATE TABLE "profiles"."run_ledger" (
        "user_id" uuid NOT NULL,
        "day" date NOT NULL,
        "strava_meters" double precision NOT NULL DEFAULT 0,
        "manual_meters" double precision NOT NULL DEFAULT 0,
        "upload_meters" double precision NOT NULL DEFAULT 0,
        "version" bigint NOT NULL,
        PRIMARY KEY ("user_id", "day")
      )`);
    // The runners whose ledger was seeded from fitness once (its runs before the events), and at which version.
    await queryRunner.query(`
      CREATE TABLE "profiles"."run_ledger_seeds" (
        "user_id" uuid PRIMARY KEY,
        "version" bigint NOT NULL,
        "seeded_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "profiles"."run_ledger_seeds"`);
    await queryRunner.query(`DROP TABLE "profiles"."run_ledger"`);
  }
}
