import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  eventually,
  freePort,
  natsRequester,
  signUpRunner,
  stripeEmulatorCalls,
} from '../../../scripts/jest/helpers.mjs';
import { startStack } from '../../../scripts/lib/stack.mjs';

type Stack = Awaited<ReturnType<typeof startStack>>;
interface Runner {
  id: string;
  email: string;
  cookie: string;
}
/** A runner who never signs in here: billing knows them only by the id community gives. */
interface Someone {
  id: string;
}
interface ChangedEvent {
  userId: string;
  status: string;
  currentPeriodEnd: string | null;
}
interface Charity {
  id: string;
  /** runnerProfileId → the page's owner and whether it names the charity. */
  pages: Map<string, { userId: string; namesCharity: boolean }>;
}

const DAY_S = 86_400;
// Each test signs several people up and goes through Checkout: minutes on a loaded machine.
jest.setTimeout(180_000);

describe("a charity's runner places, through the gateway against the Stripe emulator", () => {
  let stack: Stack;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let changes: Subscription;
  let responder: Subscription;
  const changed: ChangedEvent[] = [];
  const charities = new Map<string, Charity>();
  // One admin and one staff member of every charity the tests make (each test makes its own charity).
  let admin: Runner;
  let staff: Runner;
  let stranger: Runner;

  const call = async (method: string, path: string, body?: unknown, cookie?: string) => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const emulator = stripeEmulatorCalls(() => stack.stripeApiBase);
  /** Stripe's API proper takes form bodies. */
  const stripeApi = async (method: string, path: string, params: Record<string, string> = {}) => {
    const res = await fetch(`${stack.stripeApiBase}${path}`, {
      method,
      headers: { authorization: 'Bearer sk_test_emulator', 'content-type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : new URLSearchParams(params).toString(),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  // Each try is a new account: a sign-up that timed out on a loaded machine is simply made again.
  const signUp = (): Promise<Runner> => eventually(() => signUpRunner(stack.url), { timeoutMs: 120_000 });
  const someone = (): Someone => ({ id: randomUUID() });
  const eventsOf = (runner: Someone) => changed.filter((e) => e.userId === runner.id).map((e) => e.status);
  const sessionIdOf = (url: string) => url.match(/cs_[A-Za-z0-9_]+/)![0];

  /** A charity as community would answer for it: an admin, a staff member, and the pages naming it. */
  const newCharity = (): Charity => {
    const charity = { id: randomUUID(), pages: new Map() };
    charities.set(charity.id, charity);
    return charity;
  };
  const pageOf = (charity: Charity, runner: Someone, namesCharity = true) => {
    const runnerProfileId = randomUUID();
    charity.pages.set(runnerProfileId, { userId: runner.id, namesCharity });
    return runnerProfileId;
  };
  const base = (charity: Charity) => `/api/charities/${charity.id}/sponsorship`;
  const get = async (charity: Charity) => (await call('GET', base(charity), undefined, admin.cookie)).body;
  const give = (charity: Charity, runnerProfileId: string) =>
    call('POST', `${base(charity)}/seats`, { runnerProfileId }, admin.cookie);
  const takeBack = (charity: Charity, runnerProfileId: string) =>
    call('DELETE', `${base(charity)}/seats/${runnerProfileId}`, undefined, admin.cookie);

  /** Buys `seats` places through Checkout, completed on Stripe's page; answers the subscription id. */
  const buy = async (charity: Charity, seats: number): Promise<string> => {
    const res = await call('POST', `${base(charity)}/checkout`, { seats }, admin.cookie);
    expect(res.status).toBe(200);
    const completed = await emulator('POST', `/_emulator/checkout/sessions/${sessionIdOf(res.body.url)}/complete`, {});
    const subscriptionId = completed.session.subscription as string;
    await eventually(async () => expect(await get(charity)).toEqual({ seats, used: 0, status: 'active' }));
    return subscriptionId;
  };
  const itemOf = async (subscriptionId: string) =>
    (await emulator('GET', `/v1/subscriptions/${subscriptionId}`)).items.data[0].id as string;

  beforeAll(async () => {
    stack = await startStack({
      // One admin buys and opens the portal for every test's charity: more than a person's 10 billing calls.
      env: { ...process.env, RATE_LIMIT_BILLING_PER_USER: '1000' },
      port: await freePort(),
      readyTimeoutMs: 180_000,
    });
    // Billing alone against the test's charities: community (which answers `charities.access` for real)
    // is stopped, so every answer comes from the responder below.
    await stack.processes.get('community')?.stop();
    admin = await signUp();
    staff = await signUp();
    stranger = await signUp();
    nats = await natsRequester();
    const nc: NatsConnection = nats.nc;
    const prefix = process.env.NATS_SUBJECT_PREFIX ?? '';
    changes = nc.subscribe(`${prefix}evt.billing.subscription.changed`);
    void (async () => {
      for await (const msg of changes) changed.push(msg.json<{ payload: ChangedEvent }>().payload);
    })();
    // community's `charities.access`, answered by the test (its handler lives in community).
    responder = nc.subscribe(`${prefix}community.charities.access`);
    void (async () => {
      for await (const msg of responder) {
        const { id, data } = msg.json<{
          id: string;
          data: { charityId: string; userId: string; runnerProfileId?: string };
        }>();
        const charity = charities.get(data.charityId);
        const role = !charity ? null : admin.id === data.userId ? 'admin' : staff.id === data.userId ? 'staff' : null;
        const page = (data.runnerProfileId && charity?.pages.get(data.runnerProfileId)) || null;
        msg.respond(JSON.stringify({ id, isDisposed: true, response: { role, page } }));
      }
    })();
  }, 600_000);

  afterAll(async () => {
    changes?.unsubscribe();
    responder?.unsubscribe();
    await nats?.close();
    await stack?.stop();
  });

  it('opens Checkout for the places bought, for an admin only, and counts them once paid', async () => {
    const charity = newCharity();
    expect((await call('GET', base(charity), undefined, stranger.cookie)).status).toBe(404);
    expect((await call('GET', base(charity), undefined, staff.cookie)).status).toBe(403);
    expect(await get(charity)).toEqual({ seats: 0, used: 0, status: 'none' });
    const bad = await call('POST', `${base(charity)}/checkout`, { seats: 0 }, admin.cookie);
    expect(bad.status).toBe(400);
    expect((await call('POST', `${base(charity)}/checkout`, { seats: 3 }, staff.cookie)).status).toBe(403);

    const res = await call('POST', `${base(charity)}/checkout`, { seats: 3 }, admin.cookie);
    expect(res.status).toBe(200);
    const session = await emulator('GET', `/v1/checkout/sessions/${sessionIdOf(res.body.url)}?expand[]=line_items`);
    expect(session).toMatchObject({ mode: 'subscription', client_reference_id: charity.id });
    expect(session.line_items.data[0]).toMatchObject({ quantity: 3, amount_subtotal: 1200 });
    await emulator('POST', `/_emulator/checkout/sessions/${session.id}/complete`, {});
    await eventually(async () => expect(await get(charity)).toEqual({ seats: 3, used: 0, status: 'active' }));
    // One subscription a charity: more places come through the portal.
    expect((await call('POST', `${base(charity)}/checkout`, { seats: 1 }, admin.cookie)).status).toBe(409);
  });

  it('gives places only to pages naming the charity, never more than bought, and takes them back', async () => {
    const charity = newCharity();
    const [a, b, c] = [someone(), await signUp(), someone()];
    const [pa, pb, pc] = [pageOf(charity, a), pageOf(charity, b), pageOf(charity, c)];
    const other = pageOf(charity, c, false);
    expect((await give(charity, pa)).status).toBe(409); // nothing bought yet
    await buy(charity, 2);

    expect((await give(charity, other)).status).toBe(400);
    expect((await give(charity, pa)).body).toEqual({ seats: 2, used: 1, status: 'active' });
    expect((await give(charity, pa)).body).toEqual({ seats: 2, used: 1, status: 'active' }); // again: no second place
    expect((await give(charity, pb)).body).toEqual({ seats: 2, used: 2, status: 'active' });
    const full = await give(charity, pc);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('Every runner place is given: buy more places first.');
    await eventually(() => expect([eventsOf(a), eventsOf(b), eventsOf(c)]).toEqual([['active'], ['active'], []]));

    const check = async (runner: Runner) =>
      (await call('GET', '/api/subscription/check', undefined, runner.cookie)).body;
    expect(await check(b)).toMatchObject({ status: 'none', hasAccess: true });
    expect((await takeBack(charity, pb)).body).toEqual({ seats: 2, used: 1, status: 'active' });
    expect(await check(b)).toMatchObject({ status: 'none', hasAccess: false });
    expect((await takeBack(charity, pb)).status).toBe(404);
    await eventually(() => expect(eventsOf(b)).toEqual(['active', 'none']));
    expect((await give(charity, pc)).body).toEqual({ seats: 2, used: 2, status: 'active' });
  });

  it("opens the billing portal for the charity's own subscription, for an admin only, once places are bought", async () => {
    const charity = newCharity();
    const portal = (cookie: string, body: unknown = {}) => call('POST', `${base(charity)}/portal`, body, cookie);
    expect((await portal(stranger.cookie)).status).toBe(404);
    expect((await portal(staff.cookie)).status).toBe(403);
    const never = await portal(admin.cookie);
    expect(never.status).toBe(409);
    expect(never.body.message).toBe('This charity has no runner places to manage yet: buy places first.');
    // A Checkout opened but never paid gives a customer, still nothing to manage.
    expect((await call('POST', `${base(charity)}/checkout`, { seats: 2 }, admin.cookie)).status).toBe(200);
    expect((await portal(admin.cookie)).status).toBe(409);

    const subscriptionId = await buy(charity, 2);
    expect((await portal(admin.cookie, { returnUrl: 'https://evil.example/console' })).status).toBe(400);
    expect((await portal(staff.cookie)).status).toBe(403);
    const returnUrl = `${stack.url}/charities/some-charity/console`;
    const opened = await portal(admin.cookie, { returnUrl });
    expect(opened.status).toBe(200);
    const page = await (await fetch(opened.body.url)).text();
    expect(page).toContain(`/subscriptions/${subscriptionId}/quantity`);
    expect(page).toContain(returnUrl);
  });

  it('follows a quantity changed in the portal: fewer places release the newest assignments', async () => {
    const charity = newCharity();
    const runners = [someone(), someone(), someone()];
    const subscriptionId = await buy(charity, 3);
    for (const runner of runners) expect((await give(charity, pageOf(charity, runner))).status).toBe(200);
    await eventually(() => expect(runners.map(eventsOf)).toEqual([['active'], ['active'], ['active']]));

    // The admin's way there: the console's button asks the gateway for a portal session.
    const portal = (await call('POST', `${base(charity)}/portal`, {}, admin.cookie)).body as { url: string };
    const page = await fetch(portal.url);
    expect(await page.text()).toContain('Update quantity');
    const lowered = await fetch(`${portal.url}/subscriptions/${subscriptionId}/quantity`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'quantity=1',
      redirect: 'manual',
    });
    expect(lowered.status).toBe(303);
    await eventually(async () => expect(await get(charity)).toEqual({ seats: 1, used: 1, status: 'active' }));
    // The first runner keeps the place; the two given last go back to their own state.
    await eventually(() => expect(runners.map(eventsOf)).toEqual([['active'], ['active', 'none'], ['active', 'none']]));

    await stripeApi('POST', `/v1/subscriptions/${subscriptionId}`, {
      'items[0][id]': await itemOf(subscriptionId),
      'items[0][quantity]': '4',
    });
    await eventually(async () => expect(await get(charity)).toEqual({ seats: 4, used: 1, status: 'active' }));
  });

  it("ends the places with the charity's subscription: a runner goes back to their own trial or to none", async () => {
    const charity = newCharity();
    const [trialing, none] = [await signUp(), someone()];
    const own = await call(
      'POST',
      '/api/subscription/create-checkout',
      { userId: trialing.id, successUrl: `${stack.url}/payment?success=true`, cancelUrl: `${stack.url}/payment` },
      trialing.cookie,
    );
    await emulator('POST', `/_emulator/checkout/sessions/${sessionIdOf(own.body.url)}/complete`, {});
    await eventually(() => expect(eventsOf(trialing)).toEqual(['trialing']));
    const subscriptionId = await buy(charity, 2);
    await give(charity, pageOf(charity, trialing));
    await give(charity, pageOf(charity, none));
    await eventually(() => expect(eventsOf(none)).toEqual(['active']));

    await stripeApi('DELETE', `/v1/subscriptions/${subscriptionId}`);
    await eventually(async () => expect((await get(charity)).status).toBe('canceled'));
    await eventually(() => expect(eventsOf(none)).toEqual(['active', 'none']));
    // Their own trial gave access all along: nothing to tell.
    expect(eventsOf(trialing)).toEqual(['trialing']);
    expect((await give(charity, pageOf(charity, someone()))).status).toBe(409);
  });

  it('mails a seated runner a week before a known end, once, however often Stripe repeats itself', async () => {
    const charity = newCharity();
    const runner = await signUp();
    const own = await call(
      'POST',
      '/api/subscription/create-checkout',
      { userId: runner.id, successUrl: `${stack.url}/payment?success=true`, cancelUrl: `${stack.url}/payment` },
      runner.cookie,
    );
    await emulator('POST', `/_emulator/checkout/sessions/${sessionIdOf(own.body.url)}/complete`, {});
    const subscriptionId = await buy(charity, 1);
    expect((await give(charity, pageOf(charity, runner))).status).toBe(200);

    const mails = () => {
      const dir = process.env.OUTBOX_DIR!;
      return readdirSync(dir)
        .map((f) => readFileSync(join(dir, f), 'utf8'))
        .filter((m) => m.includes(runner.email) && m.includes('Your charity runner place ends soon'));
    };
    // Cancelled at period end, a month away: no mail yet.
    await stripeApi('POST', `/v1/subscriptions/${subscriptionId}`, { cancel_at_period_end: 'true' });
    await eventually(async () =>
      expect((await emulator('GET', '/_emulator/deliveries')).data.length).toBeGreaterThan(0),
    );
    expect(mails()).toEqual([]);

    // The end moved to three days from now: the runner hears of it at once, and once.
    const endsAt = Math.floor(Date.now() / 1000) + 3 * DAY_S;
    await stripeApi('POST', `/v1/subscriptions/${subscriptionId}`, { cancel_at: String(endsAt) });
    await eventually(() => expect(mails()).toHaveLength(1));
    const events: Array<{ id: string; type: string; data: { object: { id: string } } }> = (
      await emulator('GET', '/_emulator/events')
    ).data;
    const last = events.find((e) => e.type === 'customer.subscription.updated' && e.data.object.id === subscriptionId)!;
    await emulator('POST', `/_emulator/events/${last.id}/redeliver`, { times: 3 });
    await stripeApi('POST', `/v1/subscriptions/${subscriptionId}`, { 'metadata[note]': 'again' });
    await eventually(async () => expect(await get(charity)).toEqual({ seats: 1, used: 1, status: 'active' }));
    expect(mails()).toHaveLength(1);
  });

  it('applies each webhook once: a redelivered checkout and quantity change change nothing twice', async () => {
    const charity = newCharity();
    const runner = someone();
    const subscriptionId = await buy(charity, 2);
    await give(charity, pageOf(charity, runner));
    await stripeApi('POST', `/v1/subscriptions/${subscriptionId}`, {
      'items[0][id]': await itemOf(subscriptionId),
      'items[0][quantity]': '5',
    });
    await eventually(async () => expect(await get(charity)).toEqual({ seats: 5, used: 1, status: 'active' }));
    const events: Array<{ id: string; type: string; data: { object: unknown } }> = (
      await emulator('GET', '/_emulator/events')
    ).data;
    const mine = events.filter((e) => JSON.stringify(e.data.object).includes(subscriptionId));
    expect(mine.map((e) => e.type)).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'customer.subscription.updated']),
    );
    for (const event of mine) {
      const { deliveries } = await emulator('POST', `/_emulator/events/${event.id}/redeliver`, { times: 3 });
      expect(deliveries.every((d: { status: number }) => d.status === 200)).toBe(true);
    }
    expect(await get(charity)).toEqual({ seats: 5, used: 1, status: 'active' });
    expect(eventsOf(runner)).toEqual(['active']);
  });
});
