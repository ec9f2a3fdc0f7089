/** Test controls under `/_emulator`: JSON in, JSON out, no API key. */
import { json, parseJsonObject, type EmulatorRequest, type Router } from '../common/http.js';
import { StripeApiError, invalidParam, missingParam } from './errors.js';
import { substituteSessionId } from './objects/checkout-sessions.js';
import type { StripeEvent } from './objects/events.js';
import type { BillingOutcome, StripeState } from './state.js';
import type { WebhookDelivery, WebhookDispatcher } from './webhooks.js';

export interface ControlContext {
  state: StripeState;
  webhooks: WebhookDispatcher;
  reset(): void;
}

function body(req: EmulatorRequest): Record<string, unknown> {
  if (req.rawBody.length === 0) return {};
  const parsed = parseJsonObject(req.rawBody);
  if (!parsed) throw new StripeApiError(400, 'Send a JSON object body.');
  return parsed;
}

function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidParam(name, `${name} must be a string`);
  return value;
}

function optionalNumber(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalidParam(name, `${name} must be a number`);
  return value;
}

function outcomeOf(value: unknown): BillingOutcome {
  if (value === undefined) return 'paid';
  if (value === 'paid' || value === 'failed' || value === 'cancel') return value;
  throw invalidParam('outcome', "outcome must be 'paid', 'failed' or 'cancel'");
}

export function registerControlRoutes(router: Router, ctx: ControlContext): void {
  const { state, webhooks } = ctx;
  const withDeliveries = async (events: StripeEvent[]) => ({
    events: events.map((e) => ({ id: e.id, type: e.type })),
    deliveries: await webhooks.dispatch(events),
    held: webhooks.config.hold,
  });

  router.get('/_emulator/health', () => json(200, { ok: true, emulator: 'stripe' }));

  router.post('/_emulator/reset', () => {
    ctx.reset();
    return json(200, { ok: true });
  });

  router.get('/_emulator/state', () =>
    json(200, {
      customers: state.customers.size,
      prices: [...state.prices.values()].map((p) => ({
        id: p.id,
        lookup_key: p.lookup_key,
        unit_amount: p.unit_amount,
      })),
      promotion_codes: [...state.promotionCodes.values()].map((p) => ({ id: p.id, code: p.code, active: p.active })),
      checkout_sessions: state.checkoutSessions.size,
      subscriptions: [...state.subscriptions.values()].map((r) => ({
        id: r.subscription.id,
        status: r.subscription.status,
        customer: r.subscription.customer,
      })),
      events: state.events.size,
      webhook: { url: webhooks.config.url, hold: webhooks.config.hold },
    }),
  );

  router.get('/_emulator/webhooks', () =>
    json(200, { url: webhooks.config.url, hold: webhooks.config.hold, retry_delays_ms: webhooks.config.retryDelaysMs }),
  );
  router.put('/_emulator/webhooks', (req) => {
    const input = body(req);
    const url = optionalString(input.url, 'url');
    const secret = optionalString(input.secret, 'secret');
    if (url !== undefined) webhooks.config.url = url;
    if (secret !== undefined) webhooks.config.secret = secret;
    if (input.hold !== undefined) {
      if (typeof input.hold !== 'boolean') throw invalidParam('hold', 'hold must be a boolean');
      webhooks.config.hold = input.hold;
    }
    if (input.retry_delays_ms !== undefined) {
      if (!Array.isArray(input.retry_delays_ms) || input.retry_delays_ms.some((d) => typeof d !== 'number')) {
        throw invalidParam('retry_delays_ms', 'retry_delays_ms must be an array of numbers');
      }
      webhooks.config.retryDelaysMs = input.retry_delays_ms as number[];
    }
    return json(200, {
      url: webhooks.config.url,
      hold: webhooks.config.hold,
      retry_delays_ms: webhooks.config.retryDelaysMs,
    });
  });

  router.get('/_emulator/events', (req) => {
    const type = req.query.get('type');
    const events = [...state.events.values()]
      .filter((e) => !type || e.type === type)
      .map((event) => {
        const deliveries = webhooks.deliveries.filter((d) => d.event === event.id);
        return { ...event, delivered: deliveries.some((d) => d.ok), deliveries };
      });
    return json(200, { data: events });
  });
  router.get('/_emulator/deliveries', () => json(200, { data: webhooks.deliveries }));

  router.post('/_emulator/events/:id/resend', async (req) => {
    const event = state.events.retrieve(req.params.id!);
    return json(200, { delivery: await webhooks.send(event, 'resend') });
  });

  // Redelivers one event `times` times (default 10), all at once when `concurrent` (default true):
  // what Stripe does when an endpoint answered late and it retried while the first was still running.
  router.post('/_emulator/events/:id/redeliver', async (req) => {
    const input = body(req);
    const times = optionalNumber(input.times, 'times') ?? 10;
    if (!Number.isInteger(times) || times < 1 || times > 100)
      throw invalidParam('times', 'times must be from 1 to 100');
    const event = state.events.retrieve(req.params.id!);
    const deliveries: WebhookDelivery[] = [];
    if (input.concurrent === false) {
      for (let i = 0; i < times; i++) deliveries.push(await webhooks.send(event, 'resend'));
    } else {
      deliveries.push(...(await Promise.all(Array.from({ length: times }, () => webhooks.send(event, 'resend')))));
    }
    return json(200, { deliveries });
  });

  // Delivers the given events one after another in exactly this order (duplicates allowed).
  router.post('/_emulator/events/deliver', async (req) => {
    const input = body(req);
    if (!Array.isArray(input.ids) || input.ids.length === 0 || input.ids.some((id) => typeof id !== 'string')) {
      throw missingParam('ids');
    }
    const events = (input.ids as string[]).map((id) => state.events.retrieve(id));
    const deliveries: WebhookDelivery[] = [];
    for (const event of events) deliveries.push(await webhooks.send(event, 'ordered'));
    return json(200, { deliveries });
  });

  router.post('/_emulator/subscriptions/:id/end-trial', async (req) => {
    const input = body(req);
    const result = state.subscriptions.advance(req.params.id!, outcomeOf(input.outcome));
    return json(200, {
      subscription: result.subscription,
      invoice: result.invoice,
      ...(await withDeliveries(result.events)),
    });
  });
  // Same rules as end-trial; named for bills after the trial (renewals, retries of a past_due invoice).
  router.post('/_emulator/subscriptions/:id/advance', async (req) => {
    const input = body(req);
    const result = state.subscriptions.advance(req.params.id!, outcomeOf(input.outcome));
    return json(200, {
      subscription: result.subscription,
      invoice: result.invoice,
      ...(await withDeliveries(result.events)),
    });
  });
  router.post('/_emulator/subscriptions/:id/trial-will-end', async (req) => {
    const event = state.subscriptions.trialWillEnd(req.params.id!);
    return json(200, {
      subscription: state.subscriptions.retrieve(req.params.id!).subscription,
      ...(await withDeliveries([event])),
    });
  });

  // What clicking "Start trial" does, without a browser.
  router.post('/_emulator/checkout/sessions/:id/complete', async (req) => {
    const input = body(req);
    const email = optionalString(input.email, 'email') ?? null;
    const record = state.checkoutSessions.retrieve(req.params.id!);
    if (!record.session.customer && !record.session.customer_email && !email) throw missingParam('email');
    const code = optionalString(input.promotion_code, 'promotion_code');
    if (code !== undefined) {
      state.checkoutSessions.applyPromotionCodeOnPage(record.session.id, code);
      if (record.promotionCodeError) throw invalidParam('promotion_code', record.promotionCodeError);
    }
    const completed = state.checkoutSessions.complete(req.params.id!, {
      email,
      name: optionalString(input.name, 'name') ?? null,
    });
    const session = completed.record.session;
    return json(200, {
      session,
      redirect_url: session.success_url ? substituteSessionId(session.success_url, session.id) : null,
      ...(await withDeliveries(completed.events)),
    });
  });

  // A coupon and a promotion code for it in one call.
  router.post('/_emulator/promotion-codes', (req) => {
    const input = body(req);
    const code = optionalString(input.code, 'code');
    if (!code) throw missingParam('code');
    const percentOff = optionalNumber(input.percent_off, 'percent_off') ?? null;
    const amountOff = optionalNumber(input.amount_off, 'amount_off') ?? null;
    const duration = optionalString(input.duration, 'duration') ?? 'once';
    if (duration !== 'once' && duration !== 'forever' && duration !== 'repeating') {
      throw invalidParam('duration', "duration must be 'once', 'forever' or 'repeating'");
    }
    const coupon = state.coupons.create({
      id: optionalString(input.coupon_id, 'coupon_id'),
      percentOff,
      amountOff,
      currency: optionalString(input.currency, 'currency') ?? (amountOff !== null ? 'usd' : null),
      duration,
      durationInMonths: optionalNumber(input.duration_in_months, 'duration_in_months') ?? null,
      name: optionalString(input.name, 'name') ?? null,
      maxRedemptions: null,
      redeemBy: null,
      metadata: {},
    });
    const promotionCode = state.promotionCodes.create({
      coupon: coupon.id,
      code,
      active: input.active === undefined ? true : input.active === true,
      customer: null,
      expiresAt: optionalNumber(input.expires_at, 'expires_at') ?? null,
      maxRedemptions: optionalNumber(input.max_redemptions, 'max_redemptions') ?? null,
      metadata: {},
      firstTimeTransaction: false,
    });
    return json(200, { coupon, promotion_code: promotionCode });
  });
}
