// Sign-out never fails open: with identity stopped the browser's cookies are still cleared, the
// session is refused at once (also by a gateway started afterwards), and identity revokes it as soon
// as it is back.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';

jest.setTimeout(240_000);

describe('sign-out while identity cannot answer', () => {
  let stack: Stack;
  let db: pg.Client;

  beforeAll(async () => {
    stack = await startGatewayStack({ SIGNOUT_RETRY_INTERVAL_MS: '300', SIGNOUT_RPC_TIMEOUT_MS: '2000' });
    db = new pg.Client({ connectionString: stack.env.DATABASE_URL });
    await db.connect();
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  });

  const me = (cookie: string) => fetch(`${stack.url}/api/auth/me`, { headers: { cookie } });
  const revokedAt = async (userId: string) =>
    (await db.query(`SELECT revoked_at FROM identity.sessions WHERE user_id = $1`, [userId])).rows[0]?.revoked_at as
      Date | null | undefined;

  it('clears both cookies, refuses the session at once and revokes it in identity once identity is back', async () => {
    const signup = await fetch(`${stack.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `signout-${randomUUID()}@example.com`, password: 'Secret123' }),
    });
    expect(signup.status).toBe(201);
    const { user } = (await signup.json()) as { user: { id: string } };
    const pairs = signup.headers.getSetCookie().map((line) => line.split(';')[0]!);
    const session = pairs.find((pair) => pair.startsWith('rp_session='))!;
    const access = pairs.find((pair) => pair.startsWith('rp_access='))!;
    expect(session).toBeDefined();
    expect(access).toBeDefined();
    const both = `${session}; ${access}`;
    expect((await me(both)).status).toBe(200);

    await stack.processes.get('identity')!.stop();

    const started = Date.now();
    const out = await fetch(`${stack.url}/api/auth/signout`, { method: 'POST', headers: { cookie: both } });
    expect({ status: out.status, body: await out.json() }).toEqual({ status: 200, body: { success: true } });
    expect(Date.now() - started).toBeLessThan(10_000);
    const cleared = out.headers.getSetCookie();
    for (const name of ['rp_session', 'rp_access']) {
      const line = cleared.find((c) => c.startsWith(`${name}=;`));
      expect(line).toBeDefined();
      expect(line).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    }

    // The old cookies, replayed at once: refused (not a 503 for identity being away).
    expect((await me(both)).status).toBe(401);
    expect((await me(access)).status).toBe(401);
    expect((await me(session)).status).toBe(401);
    expect(await revokedAt(user.id)).toBeNull();

    // A gateway restarted while identity is still away refuses it too: the revocation waits in Redis.
    await stack.processes.get('gateway')!.stop();
    stack.restart('gateway');
    await eventually(
      async () => expect((await fetch(`${stack.url}/api/health/ready`).catch(() => undefined))?.status).toBe(200),
      { timeoutMs: 120_000, intervalMs: 250 },
    );
    expect((await me(session)).status).toBe(401);
    expect((await me(both)).status).toBe(401);

    // identity back: the revocation is retried until identity has it.
    stack.restart('identity');
    await eventually(async () => expect(await revokedAt(user.id)).toBeInstanceOf(Date), {
      timeoutMs: 120_000,
      intervalMs: 250,
    });
    expect((await me(session)).status).toBe(401);
  });
});
