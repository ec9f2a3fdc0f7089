import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchema } from '../database/migration-schema.js';

/** The job outbox (`pending_jobs`), in the schema of whichever service runs it. */
export class CreatePendingJobs1795576050765 implements MigrationInterface {
  name = 'CreatePendingJobs1795576050765';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${s}"."pending_jobs" (
        "id" uuid PRIMARY KEY,
        "queue" text NOT NULL,
        "name" text NOT NULL,
        "data" jsonb NOT NULL,
        "opts" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "pending_jobs_created_idx" ON "${s}"."pending_jobs" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "${migrationSchema(queryRunner)}"."pending_jobs"`);
  }
}

/** The job outbox keeps the trace context and request id of the work that asked for each job. */
export class AddPendingJobTraceContext1795700000000 implements MigrationInterface {
  name = 'AddPendingJobTraceContext1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${migrationSchema(queryRunner)}"."pending_jobs" ADD COLUMN "trace_context" jsonb`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "${migrationSchema(queryRunner)}"."pending_jobs" DROP COLUMN "trace_context"`);
  }
}
