// Issue 13 (low): no call to Stripe is made while a database row lock is held. A slow Stripe must
// not hold the runner's subscription row (and a pool connection) for the whole call.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import { eventually, freePort, signUpRunner, stripeEmulatorCalls } from '../../../scripts/jest/helpers.mjs';
import { startStack } from '../../../scripts/lib/stack.mjs';

jest.setTimeout(60_000);

type Stack = Awaited<ReturnType<typeof startStack>>;

describe('billing reads Stripe outside its row locks', () => {
  let stack: Stack;
  let db: pg.Client;

  const call = async (method: string, path: string, body?: unknown, cookie?: string) => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, cookie: res.headers.get('set-cookie') };
  };
  const emulator = stripeEmulatorCalls(() => stack.stripeApiBase);

  /** Whether another transaction could lock the runner's row right now (55P03 when it is held). */
  const rowLockFree = async (userId: string): Promise<boolean> => {
    await db.query('BEGIN');
    try {
      await db.query('SELECT 1 FROM billing.subscriptions WHERE user_id = $1 FOR UPDATE NOWAIT', [userId]);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === '55P03') return false;
      throw error;
    } finally {
      await db.query('ROLLBACK');
    }
  };

  beforeAll(async () => {
    stack = await startStack({ env: { ...process.env }, port: await freePort(), readyTimeoutMs: 180_000 });
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  }, 240_000);

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  });

  it('leaves the runner’s row unlocked while Stripe is slow to answer for the subscription', async () => {
    const runner = await signUpRunner(stack.url);

    await emulator('PUT', '/_emulator/webhooks', { hold: true });
    try {
      const checkout = await call(
        'POST',
        '/api/subscription/create-checkout',
        { userId: runner.id, successUrl: `${stack.url}/payment?success=true`, cancelUrl: `${stack.url}/payment` },
        runner.cookie,
      );
      expect(checkout.status).toBe(200);
      const sessionId = (checkout.body.url as string).match(/cs_[A-Za-z0-9_]+/)![0];
      await emulator('POST', `/_emulator/checkout/sessions/${sessionId}/complete`, {});

      // Stripe takes 2 s to answer for the subscription, once.
      await emulator('POST', '/_emulator/faults', {
        kind: 'delay',
        ms: 2_000,
        method: 'GET',
        path: '/v1/subscriptions/',
        times: 1,
      });
      const reconciled = call('POST', '/api/subscription/reconcile', { sessionId }, runner.cookie);
      // The delayed call has started once the rule is used up.
      await eventually(async () => expect((await emulator('GET', '/_emulator/faults')).data).toEqual([]), {
        timeoutMs: 10_000,
        intervalMs: 50,
      });
      const during = await rowLockFree(runner.id);

      const done = await reconciled;
      expect(done).toMatchObject({ status: 200, body: { status: 'trialing', hasAccess: true } });
      expect(during).toBe(true);
    } finally {
      await emulator('PUT', '/_emulator/webhooks', { hold: false });
    }
  });
});
