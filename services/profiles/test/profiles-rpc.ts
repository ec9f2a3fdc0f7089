// What the profiles integration tests share: calls to the service over NATS and owners set up in its tables.
import type pg from 'pg';
import type { natsRequester } from '../../../scripts/jest/helpers.mjs';

export type Reply<T> = { response?: T; err?: { status: number; code: string; message: string } };
type Requester = Awaited<ReturnType<typeof natsRequester>>;

/**
 * Requests to profiles on `nats()` (read at each call: it connects in beforeAll), with a time-out
 * in ms if given: `call` resolves to the reply as sent, `ok` to its response and throws on an error.
 */
export function profilesRpc(nats: () => Requester, timeout?: number) {
  const call = <T>(pattern: string, data: unknown) => nats().request(pattern, data, timeout) as Promise<Reply<T>>;
  async function ok<T>(pattern: string, data: unknown): Promise<T> {
    const reply = await call<T>(pattern, data);
    if (reply.err) throw new Error(`${pattern}: ${reply.err.status} ${reply.err.message}`);
    return reply.response as T;
  }
  return { call, ok };
}

/** The owner's account as profiles keeps it (registered now), so it can mail them. */
export const addAccount = (db: pg.Pool, userId: string, email: string) =>
  db.query(`INSERT INTO profiles.accounts (user_id, email, registered_at) VALUES ($1, $2, now())`, [userId, email]);

/** Lifetime access for the owner, as billing's event leaves it: their pages are published. */
export const grantLifetimeAccess = (db: pg.Pool, userId: string) =>
  db.query(
    `INSERT INTO profiles.owner_access (user_id, status, current_period_end, changed_at) VALUES ($1, 'lifetime', NULL, now())`,
    [userId],
  );
