import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  eventually,
  freePort,
  natsRequester,
  signUpRunner,
  stripeEmulatorCalls,
} from '../../../scripts/jest/helpers.mjs';
import { ROOT, startStack } from '../../../scripts/lib/stack.mjs';

type Stack = Awaited<ReturnType<typeof startStack>>;
interface Runner {
  id: string;
  email: string;
  cookie: string;
}
interface ChangedEvent {
  userId: string;
  status: string;
  currentPeriodEnd: string | null;
}

const run = promisify(execFile);
const DAY_MS = 86_400_000;

describe('billing through the gateway, against the Stripe emulator', () => {
  let stack: Stack;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let changes: Subscription;
  const changed: ChangedEvent[] = [];

  const call = async (method: string, path: string, body?: unknown, cookie?: string, headers = {}) => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, cookie: res.headers.get('set-cookie') };
  };
  const emulator = stripeEmulatorCalls(() => stack.stripeApiBase);

  const signUp = (): Promise<Runner> => signUpRunner(stack.url);
  const urls = () => ({
    successUrl: `${stack.url}/payment?success=true`,
    cancelUrl: `${stack.url}/payment?canceled=true`,
  });
  const createCheckout = (runner: Runner, extra: Record<string, unknown> = {}) =>
    call('POST', '/api/subscription/create-checkout', { userId: runner.id, ...urls(), ...extra }, runner.cookie);
  const check = async (runner: Runner) => (await call('GET', '/api/subscription/check', undefined, runner.cookie)).body;
  const sessionIdOf = (url: string) => url.match(/cs_[A-Za-z0-9_]+/)![0];

  /** Checkout as far as Stripe's page: completed there, its webhooks delivered unless held. */
  const checkoutCompleted = async (runner: Runner) => {
    const res = await createCheckout(runner);
    expect(res.status).toBe(200);
    const completed = await emulator('POST', `/_emulator/checkout/sessions/${sessionIdOf(res.body.url)}/complete`, {});
    return { sessionId: completed.session.id as string, subscriptionId: completed.session.subscription as string };
  };
  const holdWebhooks = (hold: boolean) => emulator('PUT', '/_emulator/webhooks', { hold });
  const eventsOf = (runner: Runner) => changed.filter((e) => e.userId === runner.id).map((e) => e.status);

  beforeAll(async () => {
    stack = await startStack({ env: { ...process.env }, port: await freePort(), readyTimeoutMs: 180_000 });
    nats = await natsRequester();
    const nc: NatsConnection = nats.nc;
    changes = nc.subscribe(`${process.env.NATS_SUBJECT_PREFIX ?? ''}evt.billing.subscription.changed`);
    void (async () => {
      for await (const msg of changes) changed.push(msg.json<{ payload: ChangedEvent }>().payload);
    })();
  }, 240_000);

  afterAll(async () => {
    changes?.unsubscribe();
    await nats?.close();
    await stack?.stop();
  });

  it('starts a 30-day trial through Checkout and shows it at once on return, before the webhook', async () => {
    const runner = await signUp();
    await holdWebhooks(true);
    try {
      const res = await createCheckout(runner);
      expect(res.status).toBe(200);
      expect(res.body.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      const sessionId = sessionIdOf(res.body.url);
      const session = await emulator('GET', `/v1/checkout/sessions/${sessionId}`);
      expect(session).toMatchObject({
        mode: 'subscription',
        client_reference_id: runner.id,
        allow_promotion_codes: true,
        success_url: `${stack.url}/payment?success=true&session_id={CHECKOUT_SESSION_ID}`,
      });

      const completed = await emulator('POST', `/_emulator/checkout/sessions/${sessionId}/complete`, {});
      expect(completed.redirect_url).toContain(`session_id=${sessionId}`);
      expect((await check(runner)).status).toBe('none');

      const reconciled = await call('POST', '/api/subscription/reconcile', { sessionId }, runner.cookie);
      expect(reconciled.status).toBe(200);
      expect(reconciled.body).toMatchObject({ status: 'trialing', hasAccess: true, lifetimeAccess: false });
      const trialDays = (Date.parse(reconciled.body.trialEndsAt) - Date.now()) / DAY_MS;
      expect(trialDays).toBeGreaterThan(29.9);
      expect(trialDays).toBeLessThanOrEqual(30);
      await eventually(() => expect(eventsOf(runner)).toEqual(['trialing']));
    } finally {
      await holdWebhooks(false);
    }
  });

  it('reuses the runner’s Stripe customer for a second checkout', async () => {
    const runner = await signUp();
    const first = await createCheckout(runner);
    const second = await createCheckout(runner, { cancelUrl: `${stack.url}/payment?canceled=true&again=1` });
    const [a, b] = await Promise.all(
      [first, second].map((r) => emulator('GET', `/v1/checkout/sessions/${sessionIdOf(r.body.url)}`)),
    );
    expect(a.id).not.toBe(b.id);
    expect(a.customer).toBe(b.customer);
  });

  it('ends in the right state when webhooks come twice and in reverse order', async () => {
    const runner = await signUp();
    await holdWebhooks(true);
    try {
      const { subscriptionId } = await checkoutCompleted(runner);
      await emulator('POST', `/_emulator/subscriptions/${subscriptionId}/end-trial`, { outcome: 'paid' });
      const events: Array<{ id: string; type: string; data: { object: { id: string; subscription?: string } } }> = (
        await emulator('GET', '/_emulator/events')
      ).data;
      const mine = events.filter((e) => JSON.stringify(e.data.object).includes(subscriptionId)).map((e) => e.id);
      expect(mine.length).toBeGreaterThanOrEqual(4);
      const reversed = [...mine].reverse();
      const { deliveries } = await emulator('POST', '/_emulator/events/deliver', { ids: [...reversed, ...reversed] });
      expect(deliveries.every((d: { status: number }) => d.status === 200)).toBe(true);
    } finally {
      await holdWebhooks(false);
    }
    expect(await check(runner)).toMatchObject({ status: 'active', hasAccess: true });
    // Re-reading Stripe means the first event handled already saw the final state: one change, no repeats.
    await eventually(() => expect(eventsOf(runner)).toEqual(['active']));
  });

  it('refuses a webhook whose signature does not match with 400', async () => {
    const payload = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: {} } });
    const forged = await call('POST', '/api/webhooks/stripe', payload, undefined, {
      'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
    });
    expect(forged.status).toBe(400);
    const unsigned = await call('POST', '/api/webhooks/stripe', payload);
    expect(unsigned.status).toBe(400);
  });

  it('takes a trial whose payment fails to past_due, then canceled, telling profiles each time', async () => {
    const runner = await signUp();
    const { subscriptionId } = await checkoutCompleted(runner);
    await eventually(async () => expect((await check(runner)).status).toBe('trialing'));

    await emulator('POST', `/_emulator/subscriptions/${subscriptionId}/end-trial`, { outcome: 'failed' });
    await eventually(async () => expect((await check(runner)).status).toBe('past_due'));
    expect((await check(runner)).hasAccess).toBe(true);

    await emulator('POST', `/_emulator/subscriptions/${subscriptionId}/advance`, { outcome: 'failed' });
    await eventually(async () => expect(await check(runner)).toMatchObject({ status: 'canceled', hasAccess: false }));
    await eventually(() => expect(eventsOf(runner)).toEqual(['trialing', 'past_due', 'canceled']));
  });

  it('opens a new Checkout when a runner subscribes again soon after the last one ended', async () => {
    const runner = await signUp();
    const { sessionId, subscriptionId } = await checkoutCompleted(runner);
    await eventually(async () => expect((await check(runner)).status).toBe('trialing'));
    await emulator('POST', `/_emulator/subscriptions/${subscriptionId}/end-trial`, { outcome: 'failed' });
    await emulator('POST', `/_emulator/subscriptions/${subscriptionId}/advance`, { outcome: 'failed' });
    await eventually(async () => expect((await check(runner)).status).toBe('canceled'));

    // Within the idempotency window, with the same URLs: still a new session, not the finished one.
    const again = await createCheckout(runner);
    expect(again.status).toBe(200);
    expect(sessionIdOf(again.body.url)).not.toBe(sessionId);
  });

  it('e-mails the runner before the trial ends', async () => {
    const runner = await signUp();
    const { subscriptionId } = await checkoutCompleted(runner);
    await emulator('POST', `/_emulator/subscriptions/${subscriptionId}/trial-will-end`);
    const mail = await eventually(() => {
      const dir = process.env.OUTBOX_DIR!;
      const found = readdirSync(dir)
        .map((f) => readFileSync(join(dir, f), 'utf8'))
        .find((m) => m.includes(runner.email) && m.includes('Your RunPledge free trial ends soon'));
      if (!found) throw new Error('no trial-ending mail yet');
      return found;
    });
    expect(mail).toContain('Manage billing');
  });

  it('grants the last use of a lifetime code once when two runners redeem it at the same moment', async () => {
    const code = `LAST${randomUUID().slice(0, 8)}`.toUpperCase();
    const { stdout } = await run(
      process.execPath,
      [`${ROOT}services/billing/dist/cli/lifetime-code.js`, '--lifetime', code.toLowerCase(), '--max', '1'],
      { env: process.env },
    );
    expect(stdout).toContain(`lifetime code ${code}: 0 of 1 used`);
    const [a, b] = await Promise.all([signUp(), signUp()]);
    const answers = await Promise.all([a, b].map((r) => createCheckout(r, { discountCode: code })));

    const granted = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 400);
    expect(granted).toHaveLength(1);
    expect(granted[0]!.body).toEqual({ lifetimeAccess: true, message: expect.any(String) });
    expect(refused[0]!.body.message).toBe('Invalid discount code');
    const statuses = [(await check(a)).status, (await check(b)).status].sort();
    expect(statuses).toEqual(['lifetime', 'none']);
  });

  it('applies a Stripe promotion code and refuses an unknown code', async () => {
    const code = `RUN${randomUUID().slice(0, 6)}`.toUpperCase();
    const { promotion_code } = await emulator('POST', '/_emulator/promotion-codes', { code, percent_off: 50 });
    const runner = await signUp();
    const res = await createCheckout(runner, { discountCode: code });
    expect(res.status).toBe(200);
    const session = await emulator('GET', `/v1/checkout/sessions/${sessionIdOf(res.body.url)}`);
    expect(session.discounts).toEqual([expect.objectContaining({ promotion_code: promotion_code.id })]);
    expect(session.allow_promotion_codes).toBeFalsy();

    const unknown = await createCheckout(runner, { discountCode: 'NO-SUCH-CODE' });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Invalid discount code' } });
  });

  it('lets only the caller start a checkout, and only back to this site', async () => {
    const [runner, other] = await Promise.all([signUp(), signUp()]);
    expect((await createCheckout(runner, { userId: other.id })).status).toBe(403);
    const offSite = await createCheckout(runner, { successUrl: 'https://evil.example/payment?success=true' });
    expect(offSite).toMatchObject({ status: 400, body: { message: 'successUrl must be a URL on this site' } });
    const anonymous = await call('POST', '/api/subscription/create-checkout', { userId: runner.id, ...urls() });
    expect(anonymous.status).toBe(401);
  });

  it('opens the customer portal for a runner with a billing account, and says test mode', async () => {
    const runner = await signUp();
    const none = await call('POST', '/api/subscription/portal', { returnUrl: `${stack.url}/dashboard` }, runner.cookie);
    expect(none.status).toBe(404);
    await checkoutCompleted(runner);
    const portal = await call(
      'POST',
      '/api/subscription/portal',
      { returnUrl: `${stack.url}/dashboard` },
      runner.cookie,
    );
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/p\/session\//);
    expect((await call('GET', '/api/subscription/config')).body).toEqual({ testMode: true });
  });
  describe('Stripe misbehaving (issue #16)', () => {
    const faults = (rule: Record<string, unknown>) => emulator('POST', '/_emulator/faults', rule);
    afterEach(() => emulator('DELETE', '/_emulator/faults'));

    it('handles the same event delivered 10 times at once once: one change, the right state', async () => {
      const runner = await signUp();
      await holdWebhooks(true);
      let subscriptionId: string;
      try {
        ({ subscriptionId } = await checkoutCompleted(runner));
      } finally {
        await holdWebhooks(false);
      }
      const events: Array<{ id: string; type: string; data: { object: unknown } }> = (
        await emulator('GET', '/_emulator/events')
      ).data;
      const completed = events.find(
        (e) => e.type === 'checkout.session.completed' && JSON.stringify(e.data.object).includes(subscriptionId),
      )!;
      const { deliveries } = await emulator('POST', `/_emulator/events/${completed.id}/redeliver`, { times: 10 });
      expect(deliveries).toHaveLength(10);
      expect(deliveries.map((d: { status: number }) => d.status)).toEqual(Array(10).fill(200));
      expect(await check(runner)).toMatchObject({ status: 'trialing', hasAccess: true });
      await eventually(() => expect(eventsOf(runner)).toEqual(['trialing']));
    });

    it('rides out 5xx from the Stripe API during checkout and the portal: retried with one key, one session; a lasting outage is a clear 503', async () => {
      const runner = await signUp();
      const before = (await emulator('GET', '/_emulator/state')).checkout_sessions as number;
      await faults({ kind: 'status', status: 500, times: 2, path: '/v1/checkout/sessions', method: 'POST' });
      const res = await createCheckout(runner);
      expect(res.status).toBe(200);
      expect((await emulator('GET', '/_emulator/state')).checkout_sessions).toBe(before + 1);

      await faults({ kind: 'status', status: 503, path: '/v1/checkout/sessions', method: 'POST' });
      const down = await createCheckout(runner);
      expect(down).toMatchObject({
        status: 503,
        body: { message: 'The payment provider is unavailable. Please try again.' },
      });
      await emulator('DELETE', '/_emulator/faults');

      await checkoutCompleted(runner);
      await faults({ kind: 'status', status: 500, times: 2, path: '/v1/billing_portal/sessions' });
      const openPortal = () =>
        call('POST', '/api/subscription/portal', { returnUrl: `${stack.url}/dashboard` }, runner.cookie);
      expect((await openPortal()).status).toBe(200);
      await faults({ kind: 'status', status: 502, path: '/v1/billing_portal/sessions' });
      const portalDown = await openPortal();
      expect(portalDown).toMatchObject({
        status: 503,
        body: { message: 'The payment provider is unavailable. Please try again.' },
      });
    });

    it('gives up on a Stripe API that hangs within its budget: a clear 503 before the gateway times out, not a 504', async () => {
      const runner = await signUp();
      // Every checkout call hangs for 30 s (the SDK would wait 80 s per attempt by default, while
      // the gateway's deadline is 5 s); billing's budget (STRIPE_TIMEOUT_MS, 4 s) ends it first.
      await faults({ kind: 'hang', ms: 30_000, path: '/v1/checkout/sessions', method: 'POST' });
      const hung = await createCheckout(runner);
      expect(hung).toMatchObject({
        status: 503,
        body: { message: 'The payment provider is unavailable. Please try again.' },
      });
      await emulator('DELETE', '/_emulator/faults');
      expect((await createCheckout(runner)).status).toBe(200);
    });
  });
});
