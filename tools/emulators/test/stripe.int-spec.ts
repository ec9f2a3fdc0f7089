import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { startStripeEmulator, type StripeEmulator } from '../src/index.js';
import { postJson, startReceiver, type Receiver } from './helpers.js';

const SECRET = 'whsec_int_test';

describe('Stripe emulator with the real stripe SDK', () => {
  let receiver: Receiver;
  let emulator: StripeEmulator;
  let stripe: Stripe;

  beforeAll(async () => {
    receiver = await startReceiver();
    emulator = await startStripeEmulator({
      port: 0,
      webhookUrl: `${receiver.url}/api/webhooks/stripe`,
      webhookSecret: SECRET,
      webhookRetryDelaysMs: [],
    });
    const { hostname, port } = new URL(emulator.url);
    stripe = new Stripe('sk_test_emulator', {
      host: hostname,
      port: Number(port),
      protocol: 'http',
      maxNetworkRetries: 0,
      telemetry: false,
    });
  });

  afterAll(async () => {
    await emulator.close();
    await receiver.close();
  });

  beforeEach(async () => {
    await postJson(`${emulator.url}/_emulator/reset`, {});
    await postJson(`${emulator.url}/_emulator/webhooks`, { hold: false }, 'PUT');
    receiver.requests.length = 0;
  });

  /** Events received so far, each verified with the SDK's own signature check. */
  const verifiedEvents = () =>
    receiver.requests.map((r) =>
      stripe.webhooks.constructEvent(r.body, r.headers['stripe-signature'] as string, SECRET),
    );

  const monthlyPrice = async () =>
    (await stripe.prices.list({ lookup_keys: ['runpledge_monthly'], active: true })).data[0]!;

  const createPromo = async (code: string, coupon: Record<string, unknown>) =>
    (
      await postJson<{ promotion_code: { id: string } }>(`${emulator.url}/_emulator/promotion-codes`, {
        code,
        ...coupon,
      })
    ).body.promotion_code;

  async function checkoutWithTrial(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
    return stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: (await monthlyPrice()).id, quantity: 1 }],
      subscription_data: { trial_period_days: 30, metadata: { user_id: 'user_42' } },
      client_reference_id: 'user_42',
      customer_email: 'runner@example.com',
      success_url: 'http://localhost:3000/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/payment/canceled',
      ...extra,
    });
  }

  async function completeInBrowser(url: string) {
    return fetch(`${url}/complete`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    });
  }

  it('lists prices by lookup key and creates new ones with product data', async () => {
    const list = await stripe.prices.list({ lookup_keys: ['runpledge_monthly'], expand: ['data.product'] });
    expect(list).toMatchObject({ object: 'list', has_more: false, url: '/v1/prices' });
    expect(list.data[0]).toMatchObject({
      object: 'price',
      unit_amount: 500,
      currency: 'usd',
      lookup_key: 'runpledge_monthly',
      recurring: { interval: 'month' },
    });
    expect((list.data[0]!.product as Stripe.Product).name).toBe('RunPledge membership');

    const created = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 5000,
      recurring: { interval: 'year' },
      lookup_key: 'runpledge_yearly',
      product_data: { name: 'RunPledge yearly' },
    });
    expect(created.id).toMatch(/^price_/);
    expect((await stripe.prices.list({ lookup_keys: ['runpledge_yearly', 'runpledge_monthly'] })).data).toHaveLength(2);
    await expect(
      stripe.prices.create({
        currency: 'usd',
        unit_amount: 1,
        lookup_key: 'runpledge_yearly',
        product: created.product as string,
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'lookup_key' });
  });

  it('creates, retrieves and updates customers; unknown ids are 404 in Stripe’s error format', async () => {
    const customer = await stripe.customers.create({ email: 'a@example.com', metadata: { user_id: 'u1' } });
    expect(customer.id).toMatch(/^cus_/);
    const updated = await stripe.customers.update(customer.id, { name: 'Avery Runner' });
    expect(updated).toMatchObject({ email: 'a@example.com', name: 'Avery Runner', metadata: { user_id: 'u1' } });
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such customer: 'cus_missing'",
    });
  });

  it('finds promotion codes by code (case-insensitive) with their coupon', async () => {
    const coupon = await stripe.coupons.create({ percent_off: 25, duration: 'repeating', duration_in_months: 3 });
    await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id }, code: 'MARATHON25' });
    await createPromo('OLDCODE', { amount_off: 100, active: false });
    const found = await stripe.promotionCodes.list({
      code: 'marathon25',
      active: true,
      expand: ['data.promotion.coupon'],
    });
    expect(found.data).toHaveLength(1);
    expect(found.data[0]!.id).toMatch(/^promo_/);
    expect((found.data[0]!.promotion.coupon as Stripe.Coupon).percent_off).toBe(25);
    expect((await stripe.promotionCodes.list({ code: 'OLDCODE', active: true })).data).toHaveLength(0);
  });

  it('runs a trial checkout with a promotion code end to end: page, redirect, signed webhooks, retrieve', async () => {
    const promo = await createPromo('SPRING20', { percent_off: 20, duration: 'forever' });
    const session = await checkoutWithTrial({ discounts: [{ promotion_code: promo.id }] });
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      mode: 'subscription',
      client_reference_id: 'user_42',
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${emulator.url}/c/pay/${session.id}`);

    const page = await fetch(session.url!);
    const html = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html).toContain('$5.00/month after a 30-day free trial');
    expect(html).toContain('SPRING20');
    expect(html).toContain('$4.00/month');
    expect(html).not.toContain('<script');

    const done = await completeInBrowser(session.url!);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`http://localhost:3000/payment/success?session_id=${session.id}`);

    const events = verifiedEvents();
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    const completed = events[2]!.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({ id: session.id, status: 'complete', client_reference_id: 'user_42' });

    const retrieved = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'line_items'] });
    expect(retrieved.status).toBe('complete');
    expect(retrieved.customer).toMatch(/^cus_/);
    const sub = retrieved.subscription as Stripe.Subscription;
    expect(sub).toMatchObject({
      object: 'subscription',
      status: 'trialing',
      customer: retrieved.customer,
      metadata: { user_id: 'user_42' },
    });
    expect(sub.trial_end! - sub.trial_start!).toBe(30 * 86_400);
    expect(sub.items.data[0]!.current_period_end).toBe(sub.trial_end);
    expect(sub.items.data[0]!.price.lookup_key).toBe('runpledge_monthly');
    expect(sub.discounts).toHaveLength(1);
    expect(retrieved.line_items!.data[0]!.price!.id).toBe((await monthlyPrice()).id);
    expect((await stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(1);
  });

  it('refuses allow_promotion_codes together with discounts, like Stripe', async () => {
    const promo = await createPromo('BOTH', { percent_off: 10 });
    await expect(
      checkoutWithTrial({ allow_promotion_codes: true, discounts: [{ promotion_code: promo.id }] }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'discounts',
      message: 'You may only specify one of these parameters: allow_promotion_codes, discounts.',
    });
  });

  it('rejects unknown parameters and unknown prices', async () => {
    await expect(checkoutWithTrial({ not_a_param: 1 } as never)).rejects.toMatchObject({
      statusCode: 400,
      message: 'Received unknown parameter: not_a_param',
    });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_nope', quantity: 1 }],
        success_url: 'http://x.test/',
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'line_items[0][price]', code: 'resource_missing' });
  });

  it('honours Idempotency-Key: same key, same response; other parameters, an idempotency error', async () => {
    const first = await stripe.customers.create({ email: 'same@example.com' }, { idempotencyKey: 'key-1' });
    const again = await stripe.customers.create({ email: 'same@example.com' }, { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await stripe.customers.update(first.id, { email: 'changed@example.com' });
    const replayed = await stripe.customers.create({ email: 'same@example.com' }, { idempotencyKey: 'key-1' });
    expect(replayed.email).toBe('same@example.com');
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'key-1' }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
    const sessionA = await checkoutWithTrial();
    const sessionB = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [{ price: (await monthlyPrice()).id, quantity: 1 }],
        success_url: 'http://localhost:3000/ok',
      },
      { idempotencyKey: 'checkout-1' },
    );
    const sessionC = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [{ price: (await monthlyPrice()).id, quantity: 1 }],
        success_url: 'http://localhost:3000/ok',
      },
      { idempotencyKey: 'checkout-1' },
    );
    expect(sessionC.id).toBe(sessionB.id);
    expect(sessionA.id).not.toBe(sessionB.id);
  });

  it('cancel on the hosted page goes back to cancel_url and leaves the session open', async () => {
    const session = await checkoutWithTrial();
    const cancel = await fetch(`${session.url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe('http://localhost:3000/payment/canceled');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect(receiver.requests).toHaveLength(0);
  });

  it('applies a code typed on the page when allow_promotion_codes is on', async () => {
    await createPromo('TYPED', { amount_off: 200, duration: 'once' });
    const session = await checkoutWithTrial({ allow_promotion_codes: true });
    const apply = await fetch(`${session.url}/promotion-code`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'code=typed',
    });
    expect(apply.status).toBe(303);
    expect(await (await fetch(session.url!)).text()).toContain('$2.00 off the first payment');
    await completeInBrowser(session.url!);
    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved.discounts![0]!.promotion_code).toMatch(/^promo_/);
  });

  it('creates billing portal sessions whose page can cancel at period end', async () => {
    const session = await checkoutWithTrial();
    await completeInBrowser(session.url!);
    const { customer, subscription } = await stripe.checkout.sessions.retrieve(session.id);
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer as string,
      return_url: 'http://localhost:3000/account',
    });
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      customer,
      return_url: 'http://localhost:3000/account',
    });
    expect(portal.id).toMatch(/^bps_/);
    const page = await fetch(portal.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Cancel subscription');

    receiver.requests.length = 0;
    const cancel = await fetch(`${portal.url}/subscriptions/${subscription}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(cancel.status).toBe(303);
    const sub = await stripe.subscriptions.retrieve(subscription as string);
    expect(sub.cancel_at_period_end).toBe(true);
    const [updated] = verifiedEvents();
    expect(updated!.type).toBe('customer.subscription.updated');
    expect((updated!.data.previous_attributes as Record<string, unknown>).cancel_at_period_end).toBe(false);
    await expect(stripe.billingPortal.sessions.create({ customer: 'cus_nope' })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('changes a subscription quantity through the API and the portal, with the item in the webhook', async () => {
    const session = await checkoutWithTrial({
      line_items: [{ price: (await monthlyPrice()).id, quantity: 3 }],
    });
    await completeInBrowser(session.url!);
    const { customer, subscription } = await stripe.checkout.sessions.retrieve(session.id);
    const sub = await stripe.subscriptions.retrieve(subscription as string);
    expect(sub.items.data[0]!.quantity).toBe(3);

    receiver.requests.length = 0;
    const updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]!.id, quantity: 5 }],
      proration_behavior: 'none',
    });
    expect(updated.items.data[0]!.quantity).toBe(5);
    // An API call's events are delivered in the background.
    await receiver.waitFor(1);
    const [event] = verifiedEvents();
    expect(event!.type).toBe('customer.subscription.updated');
    expect((event!.data.object as Stripe.Subscription).items.data[0]!.quantity).toBe(5);
    expect(event!.data.previous_attributes).toHaveProperty('items');
    await expect(
      stripe.subscriptions.update(sub.id, { items: [{ id: 'si_nope', quantity: 2 }] }),
    ).rejects.toMatchObject({ statusCode: 400 });

    const portal = await stripe.billingPortal.sessions.create({ customer: customer as string });
    expect(await (await fetch(portal.url)).text()).toContain('Update quantity');
    const lowered = await fetch(`${portal.url}/subscriptions/${sub.id}/quantity`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'quantity=2',
      redirect: 'manual',
    });
    expect(lowered.status).toBe(303);
    expect((await stripe.subscriptions.retrieve(sub.id)).items.data[0]!.quantity).toBe(2);
    const refused = await fetch(`${portal.url}/subscriptions/${sub.id}/quantity`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'quantity=0',
    });
    expect(await refused.text()).toContain('Enter a whole number of 1 or more.');
    expect((await stripe.subscriptions.retrieve(sub.id)).items.data[0]!.quantity).toBe(2);
  });

  it('ends a trial paid (active + invoice.paid) or failed twice (past_due, then canceled)', async () => {
    const paidSession = await checkoutWithTrial();
    await completeInBrowser(paidSession.url!);
    const paidSub = (await stripe.checkout.sessions.retrieve(paidSession.id)).subscription as string;
    receiver.requests.length = 0;
    const paid = await postJson<{ subscription: Stripe.Subscription; deliveries: Array<{ status: number }> }>(
      `${emulator.url}/_emulator/subscriptions/${paidSub}/end-trial`,
      { outcome: 'paid' },
    );
    expect(paid.body.subscription.status).toBe('active');
    expect(paid.body.deliveries.every((d) => d.status === 200)).toBe(true);
    expect(verifiedEvents().map((e) => e.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);
    const invoice = verifiedEvents()[1]!.data.object as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 500,
      parent: { subscription_details: { subscription: paidSub } },
    });

    const failedSession = await checkoutWithTrial();
    await completeInBrowser(failedSession.url!);
    const failedSub = (await stripe.checkout.sessions.retrieve(failedSession.id)).subscription as string;
    receiver.requests.length = 0;
    await postJson(`${emulator.url}/_emulator/subscriptions/${failedSub}/end-trial`, { outcome: 'failed' });
    expect((await stripe.subscriptions.retrieve(failedSub)).status).toBe('past_due');
    await postJson(`${emulator.url}/_emulator/subscriptions/${failedSub}/end-trial`, { outcome: 'failed' });
    expect((await stripe.subscriptions.retrieve(failedSub)).status).toBe('canceled');
    expect(verifiedEvents().map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'customer.subscription.deleted',
    ]);
  });

  it('sends trial_will_end on request and deleted when the SDK cancels', async () => {
    const session = await checkoutWithTrial();
    await completeInBrowser(session.url!);
    const subId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    receiver.requests.length = 0;
    await postJson(`${emulator.url}/_emulator/subscriptions/${subId}/trial-will-end`, {});
    const canceled = await stripe.subscriptions.cancel(subId);
    expect(canceled.status).toBe('canceled');
    await receiver.waitFor(2);
    expect(verifiedEvents().map((e) => e.type)).toEqual([
      'customer.subscription.trial_will_end',
      'customer.subscription.deleted',
    ]);
  });

  it('resends an event by id and delivers held events in a chosen order', async () => {
    await postJson(`${emulator.url}/_emulator/webhooks`, { hold: true }, 'PUT');
    const session = await checkoutWithTrial();
    await completeInBrowser(session.url!);
    expect(receiver.requests).toHaveLength(0);

    const listed = (await (await fetch(`${emulator.url}/_emulator/events`)).json()) as {
      data: Array<{ id: string; type: string; delivered: boolean }>;
    };
    expect(listed.data.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    expect(listed.data.every((e) => !e.delivered)).toBe(true);

    const reversed = listed.data.map((e) => e.id).reverse();
    const ordered = await postJson<{ deliveries: Array<{ event: string; status: number }> }>(
      `${emulator.url}/_emulator/events/deliver`,
      { ids: reversed },
    );
    expect(ordered.body.deliveries.map((d) => d.event)).toEqual(reversed);
    expect(verifiedEvents().map((e) => e.id)).toEqual(reversed);

    const resend = await postJson<{ delivery: { event: string; attempt: number; ok: boolean } }>(
      `${emulator.url}/_emulator/events/${reversed[0]}/resend`,
      {},
    );
    expect(resend.body.delivery).toMatchObject({ event: reversed[0], attempt: 2, ok: true });
    expect(verifiedEvents().at(-1)!.id).toBe(reversed[0]);
    const deliveries = (await (await fetch(`${emulator.url}/_emulator/deliveries`)).json()) as { data: unknown[] };
    expect(deliveries.data).toHaveLength(4);
  });

  it('answers 401 without an API key and 404 for unknown routes', async () => {
    const noKey = await fetch(`${emulator.url}/v1/customers`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    const unknown = await fetch(`${emulator.url}/v1/nothing`, { headers: { Authorization: 'Bearer sk_test_x' } });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain(
      'Unrecognized request URL',
    );
  });
});
