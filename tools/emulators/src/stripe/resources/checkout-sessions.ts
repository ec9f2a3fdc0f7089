/** `/v1/checkout/sessions`: read the params, call the checkout sessions store, reply. */
import type { Router } from '../../common/http.js';
import { listOptions, readParams, type ApiContext, type ApiReply } from '../api.js';
import { invalidParam, missingParam } from '../errors.js';
import { applyCoupon } from '../objects/discounts.js';
import { paginate } from '../objects/list.js';
import { PAGINATION_PARAMS } from '../params.js';
import type { StripeState } from '../state.js';

export function registerCheckoutRoutes(router: Router, ctx: ApiContext, { ok, info }: ApiReply): void {
  const { state } = ctx;
  router.post('/v1/checkout/sessions', (req) => {
    const p = readParams(req).allowOnly(CHECKOUT_CREATE_PARAMS);
    const mode = p.oneOf('mode', ['payment', 'setup', 'subscription']);
    if (!mode) throw missingParam('mode');
    if (mode !== 'subscription') {
      throw invalidParam('mode', 'The Stripe emulator supports only `mode=subscription` Checkout Sessions.');
    }
    const uiMode = p.oneOf('ui_mode', [
      'hosted',
      'embedded',
      'custom',
      'elements',
      'embedded_page',
      'form',
      'hosted_page',
    ]);
    if (uiMode && uiMode !== 'hosted' && uiMode !== 'hosted_page') {
      throw invalidParam('ui_mode', 'The Stripe emulator supports only hosted Checkout.');
    }
    const lineItems = (p.objectArray('line_items') ?? []).map((item) => {
      item.allowOnly([
        'adjustable_quantity',
        'dynamic_tax_rates',
        'metadata',
        'price',
        'price_data',
        'quantity',
        'tax_rates',
      ]);
      if (item.has('price_data'))
        throw invalidParam('line_items[0][price_data]', 'The Stripe emulator needs `price`, not `price_data`.');
      return { price: item.requiredString('price'), quantity: item.integer('quantity', { min: 1 }) ?? 1 };
    });
    if (lineItems.length === 0) throw missingParam('line_items');
    const subscriptionData = p.object('subscription_data');
    subscriptionData?.allowOnly([
      'application_fee_percent',
      'billing_cycle_anchor',
      'billing_mode',
      'default_tax_rates',
      'description',
      'invoice_settings',
      'metadata',
      'on_behalf_of',
      'pending_invoice_item_interval',
      'proration_behavior',
      'transfer_data',
      'trial_end',
      'trial_period_days',
      'trial_settings',
    ]);
    const trialPeriodDays = subscriptionData?.integer('trial_period_days', { min: 1, max: 730 }) ?? null;
    const trialEnd = subscriptionData?.integer('trial_end') ?? null;
    if (trialPeriodDays !== null && trialEnd !== null) {
      throw invalidParam(
        'subscription_data[trial_end]',
        'You may only specify one of these parameters: trial_end, trial_period_days.',
      );
    }
    const discounts = (p.objectArray('discounts') ?? []).map((d) => {
      d.allowOnly(['coupon', 'promotion_code']);
      const coupon = d.string('coupon');
      const promotionCode = d.string('promotion_code');
      if (!coupon && !promotionCode) throw missingParam('discounts[0][promotion_code]');
      return { coupon, promotion_code: promotionCode };
    });
    const clientReferenceId = p.string('client_reference_id') ?? null;
    if (clientReferenceId && clientReferenceId.length > 200) {
      throw invalidParam('client_reference_id', 'client_reference_id must be at most 200 characters.');
    }
    const successUrl = p.string('success_url') ?? null;
    const cancelUrl = p.string('cancel_url') ?? null;
    for (const [name, url] of [
      ['success_url', successUrl],
      ['cancel_url', cancelUrl],
    ] as const) {
      if (url !== null && !/^https?:\/\/[^\s]+$/i.test(url)) throw invalidParam(name, 'Not a valid URL');
    }
    const session = state.checkoutSessions.create({
      lineItems,
      successUrl,
      cancelUrl,
      customer: p.string('customer') ?? null,
      customerEmail: p.string('customer_email') ?? null,
      clientReferenceId,
      metadata: p.metadata() ?? {},
      allowPromotionCodes: p.boolean('allow_promotion_codes') ?? null,
      discounts,
      trialPeriodDays,
      trialEnd,
      subscriptionMetadata: subscriptionData?.metadata() ?? {},
      subscriptionDescription: subscriptionData?.string('description') ?? null,
      expiresAt: p.integer('expires_at') ?? null,
      locale: p.string('locale') ?? null,
      paymentMethodCollection: p.oneOf('payment_method_collection', ['always', 'if_required']) ?? null,
      billingAddressCollection: p.oneOf('billing_address_collection', ['auto', 'required']) ?? null,
    });
    return ok(req, p, withLineItems(state, session.id, p.expand()));
  });
  router.get('/v1/checkout/sessions', (req) => {
    const p = readParams(req).allowOnly([
      'created',
      'customer',
      'customer_account',
      'customer_details',
      'payment_intent',
      'payment_link',
      'status',
      'subscription',
      ...PAGINATION_PARAMS,
    ]);
    const customer = p.string('customer');
    const subscription = p.string('subscription');
    const status = p.oneOf('status', ['open', 'complete', 'expired']);
    const all = [...state.checkoutSessions.keys()]
      .reverse()
      .map((id) => state.checkoutSessions.retrieve(id).session)
      .filter(
        (s) =>
          (!customer || s.customer === customer) &&
          (!subscription || s.subscription === subscription) &&
          (!status || s.status === status),
      );
    return ok(req, p, paginate(all, '/v1/checkout/sessions', listOptions(p)));
  });
  router.get('/v1/checkout/sessions/:id', (req) => {
    const p = readParams(req).allowOnly(['expand']);
    state.checkoutSessions.retrieve(req.params.id!);
    return ok(req, p, withLineItems(state, req.params.id!, p.expand()));
  });
  router.get('/v1/checkout/sessions/:id/line_items', (req) => {
    const p = readParams(req).allowOnly([...PAGINATION_PARAMS]);
    state.checkoutSessions.retrieve(req.params.id!);
    return ok(req, p, lineItemsList(state, req.params.id!));
  });
  router.post('/v1/checkout/sessions/:id/expire', (req) => {
    const p = readParams(req).allowOnly(['expand']);
    const { session, events } = state.checkoutSessions.expire(req.params.id!, info(req));
    ctx.dispatch(events);
    return ok(req, p, session);
  });
}

function lineItemsList(state: StripeState, sessionId: string) {
  const record = state.checkoutSessions.retrieve(sessionId);
  const coupon = record.discount ? state.coupons.get(record.discount.coupon) : undefined;
  const data = record.lineItems.map((line, i) => {
    const price = state.prices.retrieve(line.price);
    const product = state.products.get(price.product);
    const subtotal = price.unit_amount * line.quantity;
    const total = record.trialPeriodDays || record.trialEnd ? 0 : subtotal;
    const discounted = coupon && total > 0 ? applyCoupon(total, coupon) : total;
    return {
      id: `li_${sessionId.slice(8, 30)}${i}`,
      object: 'item',
      amount_discount: total - discounted,
      amount_subtotal: total,
      amount_tax: 0,
      amount_total: discounted,
      currency: price.currency,
      description: product?.name ?? null,
      price,
      quantity: line.quantity,
    };
  });
  return { object: 'list' as const, data, has_more: false, url: `/v1/checkout/sessions/${sessionId}/line_items` };
}

/** A session as JSON; `line_items` appears only when expanded, as in Stripe. */
function withLineItems(state: StripeState, sessionId: string, expand: string[]): unknown {
  const session = state.checkoutSessions.retrieve(sessionId).session;
  if (!expand.includes('line_items')) return session;
  return { ...session, line_items: lineItemsList(state, sessionId) };
}

export const CHECKOUT_CREATE_PARAMS = [
  'adaptive_pricing',
  'after_expiration',
  'allow_promotion_codes',
  'allowed_payment_method_types',
  'automatic_tax',
  'billing_address_collection',
  'branding_settings',
  'cancel_url',
  'client_reference_id',
  'consent_collection',
  'currency',
  'custom_fields',
  'custom_text',
  'customer',
  'customer_account',
  'customer_creation',
  'customer_email',
  'customer_update',
  'discounts',
  'excluded_payment_method_types',
  'expand',
  'expires_at',
  'integration_identifier',
  'invoice_creation',
  'line_items',
  'locale',
  'managed_payments',
  'metadata',
  'mode',
  'name_collection',
  'optional_items',
  'origin_context',
  'payment_intent_data',
  'payment_method_collection',
  'payment_method_configuration',
  'payment_method_data',
  'payment_method_options',
  'permissions',
  'phone_number_collection',
  'redirect_on_completion',
  'return_url',
  'saved_payment_method_options',
  'setup_intent_data',
  'shipping_address_collection',
  'shipping_options',
  'submit_type',
  'subscription_data',
  'success_url',
  'tax_id_collection',
  'ui_mode',
  'wallet_options',
];
