import { createDeletedAccountsTable, dropDeletedAccountsTable } from '@runpledge/server-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A tombstone per deleted account: a write for one that comes after its deletion does nothing. */
export class CreateDeletedAccounts1798000000600 implements MigrationInterface {
  name = 'CreateDeletedAccounts1798000000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createDeletedAccountsTable(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropDeletedAccountsTable(queryRunner);
  }
}
