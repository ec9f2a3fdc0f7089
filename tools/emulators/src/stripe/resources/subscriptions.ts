/** `/v1/subscriptions`: read the params, call the subscriptions store, reply. */
import type { Router } from '../../common/http.js';
import { listOptions, nullable, readParams, type ApiContext, type ApiReply } from '../api.js';
import { invalidParam } from '../errors.js';
import { paginate } from '../objects/list.js';
import { PAGINATION_PARAMS } from '../params.js';

export function registerSubscriptionRoutes(router: Router, ctx: ApiContext, { ok, info }: ApiReply): void {
  const { state } = ctx;
  router.get('/v1/subscriptions', (req) => {
    const p = readParams(req).allowOnly([
      'automatic_tax',
      'collection_method',
      'created',
      'current_period_end',
      'current_period_start',
      'customer',
      'customer_account',
      'plan',
      'price',
      'status',
      'test_clock',
      ...PAGINATION_PARAMS,
    ]);
    const customer = p.string('customer');
    const price = p.string('price');
    const status = p.oneOf('status', [
      'active',
      'all',
      'canceled',
      'ended',
      'incomplete',
      'incomplete_expired',
      'past_due',
      'paused',
      'trialing',
      'unpaid',
    ]);
    const all = [...state.subscriptions.values()]
      .reverse()
      .map((r) => r.subscription)
      .filter(
        (s) =>
          (!customer || s.customer === customer) &&
          (!price || s.items.data.some((item) => item.price.id === price)) &&
          (status === 'all' ||
            (status === undefined
              ? s.status !== 'canceled'
              : status === 'ended'
                ? s.status === 'canceled'
                : s.status === status)),
      );
    return ok(req, p, paginate(all, '/v1/subscriptions', listOptions(p)));
  });
  router.get('/v1/subscriptions/:id', (req) => {
    const p = readParams(req).allowOnly(['expand']);
    return ok(req, p, state.subscriptions.retrieve(req.params.id!).subscription);
  });
  router.post('/v1/subscriptions/:id', (req) => {
    const p = readParams(req);
    const trialEnd = p.string('trial_end');
    if (trialEnd !== undefined && trialEnd !== 'now') {
      throw invalidParam('trial_end', 'The Stripe emulator supports only `trial_end=now` on updates.');
    }
    const details = p.object('cancellation_details');
    p.oneOf('proration_behavior', ['always_invoice', 'create_prorations', 'none']);
    const quantities = (p.objectArray('items') ?? []).map((item) => ({
      itemId: item.requiredString('id'),
      quantity: item.integer('quantity', { min: 1 }) ?? 1,
    }));
    const cancelAt = p.string('cancel_at');
    const { subscription, events } = state.subscriptions.update(
      req.params.id!,
      {
        cancelAt: cancelAt === undefined ? undefined : cancelAt === '' ? null : p.integer('cancel_at', { min: 1 }),
        cancelAtPeriodEnd: p.boolean('cancel_at_period_end'),
        metadata: p.metadata(),
        description: nullable(p.string('description')),
        trialEndNow: trialEnd === 'now',
        comment: nullable(details?.string('comment')),
        feedback: nullable(details?.string('feedback')),
        quantities,
      },
      info(req),
    );
    ctx.dispatch(events);
    return ok(req, p, subscription);
  });
  router.delete('/v1/subscriptions/:id', (req) => {
    const p = readParams(req).allowOnly(['cancellation_details', 'expand', 'invoice_now', 'prorate']);
    const details = p.object('cancellation_details');
    const { subscription, events } = state.subscriptions.cancel(
      req.params.id!,
      { comment: nullable(details?.string('comment')), feedback: nullable(details?.string('feedback')) },
      info(req),
    );
    ctx.dispatch(events);
    return ok(req, p, subscription);
  });
}
