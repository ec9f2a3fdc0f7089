import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchema } from '../database/migration-schema.js';

/** The outbox and processed-event tables, in the schema of whichever service runs it. */
export class CreateEventTables1763800000000 implements MigrationInterface {
  name = 'CreateEventTables1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${s}"."outbox" (
        "id" uuid PRIMARY KEY,
        "type" text NOT NULL,
        "payload" jsonb NOT NULL,
        "occurred_at" timestamptz NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "published_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "outbox_unpublished_idx" ON "${s}"."outbox" ("created_at") WHERE published_at IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "${s}"."processed_events" (
        "event_id" uuid PRIMARY KEY,
        "type" text NOT NULL,
        "processed_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE "${s}"."processed_events"`);
    await queryRunner.query(`DROP TABLE "${s}"."outbox"`);
  }
}

/** The outbox keeps the trace context (and request id) of the work that recorded each event. */
export class AddOutboxTraceContext1795600000000 implements MigrationInterface {
  name = 'AddOutboxTraceContext1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "${migrationSchema(queryRunner)}"."outbox" ADD COLUMN "trace_context" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "${migrationSchema(queryRunner)}"."outbox" DROP COLUMN "trace_context"`);
  }
}
