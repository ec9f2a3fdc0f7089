import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Once copied the pages that existed before community from profiles' tables. Community reads no
 * other schema, not even once: the pages, their totals, their owners' access and their runners'
 * distances now reach it as events, which profiles, billing and fitness record again for everything
 * they hold (their `1799…-Replay…` / `AddPageCharityAndEvent` migrations). Kept, doing nothing, so that
 * a database that ran it and one that did not list the same migrations.
 */
export class CopyPagesFromProfiles1798000000620 implements MigrationInterface {
  name = 'CopyPagesFromProfiles1798000000620';

  async up(_queryRunner: QueryRunner): Promise<void> {
    // Nothing: see above.
  }

  async down(_queryRunner: QueryRunner): Promise<void> {
    // Nothing to undo.
  }
}
