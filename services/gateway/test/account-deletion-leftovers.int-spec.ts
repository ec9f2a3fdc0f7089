import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PROFILES } from '@runpledge/contracts';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventually, natsRequester } from '../../../scripts/jest/helpers.mjs';
import { apiClient, newSlug, pageBody } from './support/api-client.js';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';

const PASSWORD = 'Secret123';

/** Issue #27: nothing of a deleted account keeps working, writing or billing after the deletion. */
describe('what an account deletion leaves behind', () => {
  let stack: Stack;
  let db: pg.Client;
  const { call, signUp } = apiClient(() => stack.url);

  /** A second browser of the same account: only its access cookie (nothing to refresh with). */
  const secondBrowserAccess = async (email: string) => {
    const res = await fetch(`${stack.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('rp_access='))!;
  };
  /** Stripe's API as the emulator serves it, form-encoded like the SDK. */
  const stripeApi = async (method: string, path: string, form?: Record<string, string>) => {
    const res = await fetch(`${stack.stripeApiBase}${path}`, {
      method,
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer sk_test_emulator' },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe objects, checked field by field
    return { status: res.status, body: (await res.json()) as any };
  };
  const monthlyPrice = async () => {
    const prices = await stripeApi('GET', '/v1/prices?limit=100');
    return prices.body.data[0].id as string;
  };
  /** The deletion event of the user, once `schema` has handled it. */
  const handledDeletion = (userId: string, schema: 'profiles' | 'billing') =>
    eventually(
      async () => {
        const { rows } = await db.query(
          `SELECT e.id FROM identity.outbox e JOIN ${schema}.processed_events p ON p.event_id = e.id
           WHERE e.type = 'identity.user.deleted' AND e.payload->>'userId' = $1`,
          [userId],
        );
        expect(rows).toHaveLength(1);
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );
  const deleteAccount = async (cookie: string) =>
    expect(await call('DELETE', '/api/account', { body: { password: PASSWORD }, cookie })).toMatchObject({
      status: 200,
    });

  beforeAll(async () => {
    stack = await startGatewayStack();
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  });

  it("refuses another browser's access token right after the deletion", async () => {
    const runner = await signUp();
    const access = await secondBrowserAccess(runner.email);
    expect((await call('GET', '/api/recent-profiles', { cookie: access })).status).toBe(200);

    await deleteAccount(runner.cookie);
    const write = await call('POST', '/api/runner-profile', {
      body: pageBody({ urlSlug: newSlug('gone') }),
      cookie: access,
    });
    expect(write.status).toBe(401);
  });

  it('a page write reaching profiles after the deletion leaves no page behind', async () => {
    const runner = await signUp();
    const access = await secondBrowserAccess(runner.email);
    // Writes from the other browser race the deletion; then one that passed the gateway before the
    // revocation reaches profiles after its deletion handler ran.
    const racing = Array.from({ length: 3 }, () =>
      call('POST', '/api/runner-profile', { body: pageBody({ urlSlug: newSlug('race') }), cookie: access }),
    );
    await deleteAccount(runner.cookie);
    await Promise.all(racing);
    await handledDeletion(runner.id, 'profiles');
    const nats = await natsRequester();
    try {
      const late = await nats.request(PROFILES.profile.create, {
        userId: runner.id,
        profile: pageBody({ urlSlug: newSlug('late') }),
      });
      expect(late.err).toBeDefined();
    } finally {
      await nats.close();
    }
    const { rows } = await db.query(`SELECT id FROM profiles.runner_profiles WHERE user_id = $1`, [runner.id]);
    expect(rows).toEqual([]);
  });

  it('a Checkout completed after the deletion re-creates no subscription; open sessions expire and the customer goes', async () => {
    const runner = await signUp();
    const checkout = await call('POST', '/api/subscription/create-checkout', {
      body: { userId: runner.id, successUrl: `${stack.url}/payment?success=true`, cancelUrl: `${stack.url}/payment` },
      cookie: runner.cookie,
    });
    expect(checkout.status).toBe(200);
    const sessionId = (checkout.body.url as string).match(/cs_[A-Za-z0-9_]+/)![0];
    const opened = await stripeApi('GET', `/v1/checkout/sessions/${sessionId}`);
    expect(opened.body.status).toBe('open');
    const customerId = opened.body.customer as string;
    expect(customerId).toMatch(/^cus_/);
    // A session billing never saw (opened in the moment of the deletion): it can still complete.
    const unseen = await stripeApi('POST', '/v1/checkout/sessions', {
      mode: 'subscription',
      'line_items[0][price]': opened.body.line_items?.data?.[0]?.price?.id ?? (await monthlyPrice()),
      'line_items[0][quantity]': '1',
      'subscription_data[trial_period_days]': '30',
      'subscription_data[metadata][userId]': runner.id,
      client_reference_id: runner.id,
      customer_email: `late-${randomUUID()}@example.com`,
      success_url: `${stack.url}/payment?success=true`,
    });
    expect(unseen.status).toBe(200);

    await deleteAccount(runner.cookie);
    await handledDeletion(runner.id, 'billing');

    // Completing either session now; billing has handled each completion Stripe announces.
    for (const id of [sessionId, unseen.body.id as string]) {
      const res = await fetch(`${stack.stripeApiBase}/_emulator/checkout/sessions/${id}/complete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: runner.email }),
      });
      if (!res.ok) continue;
      const { events } = (await res.json()) as { events: { id: string; type: string }[] };
      const completed = events.find((e) => e.type === 'checkout.session.completed')!.id;
      await eventually(async () => {
        const handled = await db.query(`SELECT 1 FROM billing.processed_stripe_events WHERE event_id = $1`, [
          completed,
        ]);
        expect(handled.rows).toHaveLength(1);
      });
    }
    const { rows } = await db.query(`SELECT status FROM billing.subscriptions WHERE user_id = $1`, [runner.id]);
    expect(rows).toEqual([]);

    expect((await stripeApi('GET', `/v1/checkout/sessions/${sessionId}`)).body.status).toBe('expired');
    const customer = await stripeApi('GET', `/v1/customers/${customerId}`);
    expect(customer.status === 404 || customer.body.deleted === true).toBe(true);
    // The subscription the unseen session made is cancelled: it never bills.
    const late = (await stripeApi('GET', `/v1/checkout/sessions/${unseen.body.id}`)).body.subscription as string;
    await eventually(async () =>
      expect((await stripeApi('GET', `/v1/subscriptions/${late}`)).body.status).toBe('canceled'),
    );
  });
});
