import { ACCOUNT_DELETED_MESSAGE, ErrorCode } from '@runpledge/contracts';
import type { EntityManager, QueryRunner } from 'typeorm';
import { ServiceException } from '../messaging/service.exception.js';

// A tombstone per deleted account, in every service that holds a user's data: a write for the
// user that comes after the deletion (a late event, a webhook, a request that passed the gateway
// before the revocation) finds it and does nothing. A transaction lock per user orders such a
// write and the deletion, so the deletion either sees the write's rows (and removes them) or the
// write sees the tombstone. The tombstone keeps a SHA-256 of the user id, not the id itself:
// nothing left after the deletion names the user.

const HASH_OF_ID = `encode(sha256(convert_to($1::text, 'UTF8')), 'hex')`;

function tableOf(manager: EntityManager): string {
  const schema = (manager.connection.options as { schema?: string }).schema;
  if (!schema) throw new Error('The data source must name its schema');
  return `"${schema}"."deleted_accounts"`;
}

/** Holds, until the transaction ends, the lock that orders this user's writes with their deletion. */
async function lockUser(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`${tableOf(manager)}:${userId}`]);
}

/** Records the deletion (inside the transaction that removes the user's rows); a repeat changes nothing. */
export async function recordDeletedAccount(manager: EntityManager, userId: string): Promise<void> {
  await lockUser(manager, userId);
  await manager.query(
    `INSERT INTO ${tableOf(manager)} ("account_hash") VALUES (${HASH_OF_ID}) ON CONFLICT DO NOTHING`,
    [userId],
  );
}

/**
 * Whether the account is still there, locking it against its deletion until the transaction ends:
 * call it first in a transaction that writes the user's data.
 */
export async function lockLiveAccount(manager: EntityManager, userId: string): Promise<boolean> {
  await lockUser(manager, userId);
  const rows: unknown[] = await manager.query(
    `SELECT 1 FROM ${tableOf(manager)} WHERE "account_hash" = ${HASH_OF_ID}`,
    [userId],
  );
  return rows.length === 0;
}

/** `lockLiveAccount`, refusing a deleted account with a 401 (the caller's session ended with it). */
export async function assertLiveAccount(manager: EntityManager, userId: string): Promise<void> {
  if (!(await lockLiveAccount(manager, userId)))
    throw new ServiceException(ErrorCode.Unauthorized, ACCOUNT_DELETED_MESSAGE);
}

/** For a service's migration: the tombstone table in the service's schema. */
export async function createDeletedAccountsTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`
    CREATE TABLE ${tableOf(queryRunner.manager)} (
      "account_hash" text PRIMARY KEY,
      "deleted_at" timestamptz NOT NULL DEFAULT now()
    )`);
}

export async function dropDeletedAccountsTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`DROP TABLE ${tableOf(queryRunner.manager)}`);
}
