/** The `/v1` REST API, as the official `stripe` SDK calls it. */
import { json, type EmulatorRequest, type EmulatorResponse, type Router } from '../common/http.js';
import { invalidParam, missingParam } from './errors.js';
import { parseFormBody } from './form-body.js';
import { applyCoupon, expandObject, paginate, type Interval, type StripeEvent } from './objects.js';
import { PAGINATION_PARAMS, Params } from './params.js';
import type { RequestInfo, StripeState } from './state.js';

export interface ApiContext {
  state: StripeState;
  /** Sends events to the webhook endpoint without holding up the API response. */
  dispatch(events: StripeEvent[]): void;
}

interface ApiRequest extends EmulatorRequest {
  stripeRequest: RequestInfo;
}

/** Query string (GET, DELETE) or form body (POST) as nested Stripe params. */
export function readParams(req: EmulatorRequest): Params {
  const fromQuery = parseFormBody(req.query.toString());
  if (req.method === 'GET') return new Params(fromQuery);
  const fromBody = parseFormBody(req.rawBody.toString('utf8'));
  return new Params({ ...fromQuery, ...fromBody });
}

function listOptions(params: Params): { limit?: number; startingAfter?: string; endingBefore?: string } {
  return {
    limit: params.integer('limit', { min: 1, max: 100 }),
    startingAfter: params.string('starting_after'),
    endingBefore: params.string('ending_before'),
  };
}

function nullable(value: string | undefined): string | null | undefined {
  return value === '' ? null : value;
}

export function registerApiRoutes(router: Router, ctx: ApiContext): void {
  const { state } = ctx;
  const ok = (req: EmulatorRequest, params: Params, value: unknown): EmulatorResponse =>
    json(200, params.expand().length ? expandObject(value, params.expand(), (id) => state.resolve(id)) : value);
  const info = (req: EmulatorRequest): RequestInfo =>
    (req as ApiRequest).stripeRequest ?? { id: null, idempotencyKey: null };

  // Customers
  router.post('/v1/customers', (req) => {
    const p = readParams(req).allowOnly([
      'address',
      'balance',
      'business_name',
      'cash_balance',
      'description',
      'email',
      'expand',
      'individual_name',
      'invoice_prefix',
      'invoice_settings',
      'metadata',
      'name',
      'next_invoice_sequence',
      'payment_method',
      'phone',
      'preferred_locales',
      'shipping',
      'source',
      'tax',
      'tax_exempt',
      'tax_id_data',
      'test_clock',
      'validate',
    ]);
    const customer = state.createCustomer({
      email: p.string('email') ?? null,
      name: p.string('name') ?? null,
      description: p.string('description') ?? null,
      phone: p.string('phone') ?? null,
      metadata: p.metadata() ?? {},
    });
    return ok(req, p, customer);
  });
  router.get('/v1/customers', (req) => {
    const p = readParams(req).allowOnly(['created', 'email', 'test_clock', ...PAGINATION_PARAMS]);
    const email = p.string('email');
    const all = [...state.customers.values()].reverse().filter((c) => email === undefined || c.email === email);
    return ok(req, p, paginate(all, '/v1/customers', listOptions(p)));
  });
  router.get('/v1/customers/:id', (req) => {
    const p = readParams(req).allowOnly(['expand']);
    return ok(req, p, state.getCustomer(req.params.id!));
  });
  router.post('/v1/customers/:id', (req) => {
    const p = readParams(req);
    const customer = state.updateCustomer(req.params.id!, {
      email: nullable(p.string('email')),
      name: nullable(p.string('name')),
      description: nullable(p.string('description')),
      phone: nullable(p.string('phone')),
      metadata: p.metadata(),
    });
    return ok(req, p, customer);
  });
  router.delete('/v1/customers/:id', (req) => json(200, state.deleteCustomer(req.params.id!)));

  // Products and prices
  router.post('/v1/products', (req) => {
    const p = readParams(req).allowOnly([
      'name',
      'active',
      'default_price_data',
      'description',
      'expand',
      'id',
      'images',
      'marketing_features',
      'metadata',
      'package_dimensions',
      'shippable',
      'statement_descriptor',
      'tax_code',
      'tax_details',
      'type',
      'unit_label',
      'url',
    ]);
    return ok(
      req,
      p,
      state.createProduct({
        name: p.requiredString('name'),
        description: p.string('description') ?? null,
        metadata: p.metadata() ?? {},
        id: p.string('id'),
      }),
    );
  });
  router.get('/v1/products/:id', (req) => {
    const p = readParams(req).allowOnly(['expand']);
    return ok(req, p, state.getProduct(req.params.id!));
  });

  router.post('/v1/prices', (req) => {
    const p = readParams(req).allowOnly([
      'currency',
      'active',
      'billing_scheme',
      'currency_options',
      'custom_unit_amount',
      'expand',
      'lookup_key',
      'metadata',
      'nickname',
      'product',
      'product_data',
      'recurring',
      'tax_behavior',
      'tiers',
      'tiers_mode',
      'transfer_lookup_key',
      'transform_quantity',
      'unit_amount',
      'unit_amount_decimal',
    ]);
    const currency = p.requiredString('currency');
    let product = p.string('product');
    const productData = p.object('product_data');
    if (product && productData) {
      throw invalidParam('product_data', 'You may only specify one of these parameters: product, product_data.');
    }
    if (!product) {
      if (!productData) throw missingParam('product');
      product = state.createProduct({
        name: productData.requiredString('name'),
        metadata: productData.metadata() ?? {},
      }).id;
    }
    const unitAmount = p.integer('unit_amount', { min: 0 }) ?? p.decimal('unit_amount_decimal');
    if (unitAmount === undefined) throw missingParam('unit_amount');
    const recurring = p.object('recurring');
    const interval = recurring?.oneOf<Interval>('interval', ['day', 'week', 'month', 'year']);
    if (recurring && !interval) throw missingParam('recurring[interval]');
    return ok(
      req,
      p,
      state.createPrice({
        product,
        unitAmount: Math.round(unitAmount),
        currency,
        interval: interval ?? null,
        intervalCount: recurring?.integer('interval_count', { min: 1 }) ?? 1,
        lookupKey: p.string('lookup_key') ?? null,
        transferLookupKey: p.boolean('transfer_lookup_key') ?? false,
        nickname: p.string('nickname') ?? null,
        metadata: p.metadata() ?? {},
        active: p.boolean('active') ?? true,
      }),
    );
  });
  router.get('/v1/prices', (req) => {
    const p = readParams(req).allowOnly([
      'active',
      'created',
      'currency',
      'lookup_keys',
      'product',
      'recurring',
      'type',
      ...PAGINATION_PARAMS,
    ]);
    const lookupKeys = p.stringArray('lookup_keys');
    if (lookupKeys && lookupKeys.length > 10) throw invalidParam('lookup_keys', 'You may pass at most 10 lookup keys.');
    const active = p.boolean('active');
    const product = p.string('product');
    const type = p.oneOf('type', ['one_time', 'recurring']);
    const currency = p.string('currency')?.toLowerCase();
    const all = [...state.prices.values()]
      .reverse()
      .filter(
        (price) =>
          (!lookupKeys || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
          (active === undefined || price.active === active) &&
          (!product || price.product === product) &&
          (!type || price.type === type) &&
          (!currency || price.currency === currency),
      );
    return ok(req, p, paginate(all, '/v1/prices', listOptions(p)));
  });
  router.get('/v1/prices/:id', (req) => {
    const p = readParams(req).allowOnly(['expand']);
    return ok(req, p, state.getPrice(req.params.id!));
  });

  // Coupons and promotion codes
  router.post('/v1/coupons', (req) => {
    const p = readParams(req).allowOnly([
      'amount_off',
      'applies_to',
      'currency',
      'currency_options',
      'duration',
      'duration_in_months',
      'expand',
      'id',
      'max_redemptions',
      'metadata',
      'name',
      'percent_off',
      'redeem_by',
    ]);
    return ok(
      req,
      p,
      state.createCoupon({
        id: p.string('id'),
        percentOff: p.decimal('percent_off') ?? null,
        amountOff: p.integer('amount_off', { min: 1 }) ?? null,
        currency: p.string('currency') ?? null,
        duration: p.oneOf('duration', ['forever', 'once', 'repeating']) ?? 'once',
        durationInMonths: p.integer('duration_in_months', { min: 1 }) ?? null,
        name: p.string('name') ?? null,
        maxRedemptions: p.integer('max_redemptions', { min: 1 }) ?? null,
        redeemBy: p.integer('redeem_by') ?? null,
        metadata: p.metadata() ?? {},
      }),
    );
  });
  router.get('/v1/coupons/:id', (req) => {
    const p = readParams(req).allowOnly(['expand']);
    return ok(req, p, state.getCoupon(req.params.id!));
  });

  router.post('/v1/promotion_codes', (req) => {
    const p = readParams(req).allowOnly([
      'promotion',
      'active',
      'code',
      'customer',
      'customer_account',
      'expand',
      'expires_at',
      'max_redemptions',
      'metadata',
      'restrictions',
    ]);
    const promotion = p.object('promotion');
    if (!promotion) throw missingParam('promotion');
    promotion.oneOf('type', ['coupon']);
    return ok(
      req,
      p,
      state.createPromotionCode({
        coupon: promotion.requiredString('coupon'),
        code: p.string('code') ?? null,
        active: p.boolean('active') ?? true,
        customer: p.string('customer') ?? null,
        expiresAt: p.integer('expires_at') ?? null,
        maxRedemptions: p.integer('max_redemptions', { min: 1 }) ?? null,
        metadata: p.metadata() ?? {},
        firstTimeTransaction: p.object('restrictions')?.boolean('first_time_transaction') ?? false,
      }),
    );
  });
  router.get('/v1/promotion_codes', (req) => {
    const p = readParams(req).allowOnly([
      'active',
      'code',
      'coupon',
      'created',
      'customer',
      'customer_account',
      ...PAGINATION_PARAMS,
    ]);
    const code = p.string('code');
    const active = p.boolean('active');
    const coupon = p.string('coupon');
    const customer = p.string('customer');
    const all = [...state.promotionCodes.values()].reverse().filter(
      (promo) =>
        // Stripe matches codes case-insensitively.
        (code === undefined || promo.code.toLowerCase() === code.toLowerCase()) &&
        (active === undefined || promo.active === active) &&
        (!coupon || promo.promotion.coupon === coupon) &&
        (!customer || promo.customer === customer),
    );
    return ok(req, p, paginate(all, '/v1/promotion_codes', listOptions(p)));
  });
  router.get('/v1/promotion_codes/:id', (req) => {
    const p = readParams(req).allowOnly(['expand']);
    return ok(req, p, state.getPromotionCode(req.params.id!));
  });
  router.post('/v1/promotion_codes/:id', (req) => {
    const p = readParams(req).allowOnly(['active', 'expand', 'metadata', 'restrictions']);
    const promo = state.getPromotionCode(req.params.id!);
    const active = p.boolean('active');
    if (active !== undefined) promo.active = active;
    const metadata = p.metadata();
    if (metadata) promo.metadata = { ...promo.metadata, ...metadata };
    return ok(req, p, promo);
  });

  // Checkout sessions
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
    const session = state.createCheckoutSession({
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
      .map((id) => state.getCheckoutRecord(id).session)
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
    state.getCheckoutRecord(req.params.id!);
    return ok(req, p, withLineItems(state, req.params.id!, p.expand()));
  });
  router.get('/v1/checkout/sessions/:id/line_items', (req) => {
    const p = readParams(req).allowOnly([...PAGINATION_PARAMS]);
    state.getCheckoutRecord(req.params.id!);
    return ok(req, p, lineItemsList(state, req.params.id!));
  });
  router.post('/v1/checkout/sessions/:id/expire', (req) => {
    const p = readParams(req).allowOnly(['expand']);
    const { session, events } = state.expireCheckoutSession(req.params.id!, info(req));
    ctx.dispatch(events);
    return ok(req, p, session);
  });

  // Subscriptions
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
    return ok(req, p, state.getSubscriptionRecord(req.params.id!).subscription);
  });
  router.post('/v1/subscriptions/:id', (req) => {
    const p = readParams(req);
    const trialEnd = p.string('trial_end');
    if (trialEnd !== undefined && trialEnd !== 'now') {
      throw invalidParam('trial_end', 'The Stripe emulator supports only `trial_end=now` on updates.');
    }
    const details = p.object('cancellation_details');
    const { subscription, events } = state.updateSubscription(
      req.params.id!,
      {
        cancelAtPeriodEnd: p.boolean('cancel_at_period_end'),
        metadata: p.metadata(),
        description: nullable(p.string('description')),
        trialEndNow: trialEnd === 'now',
        comment: nullable(details?.string('comment')),
        feedback: nullable(details?.string('feedback')),
      },
      info(req),
    );
    ctx.dispatch(events);
    return ok(req, p, subscription);
  });
  router.delete('/v1/subscriptions/:id', (req) => {
    const p = readParams(req).allowOnly(['cancellation_details', 'expand', 'invoice_now', 'prorate']);
    const details = p.object('cancellation_details');
    const { subscription, events } = state.cancelSubscription(
      req.params.id!,
      { comment: nullable(details?.string('comment')), feedback: nullable(details?.string('feedback')) },
      info(req),
    );
    ctx.dispatch(events);
    return ok(req, p, subscription);
  });

  // Invoices
  router.get('/v1/invoices', (req) => {
    const p = readParams(req).allowOnly([
      'collection_method',
      'created',
      'customer',
      'customer_account',
      'due_date',
      'status',
      'subscription',
      ...PAGINATION_PARAMS,
    ]);
    const customer = p.string('customer');
    const subscription = p.string('subscription');
    const status = p.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void']);
    const all = [...state.invoices.values()]
      .reverse()
      .filter(
        (inv) =>
          (!customer || inv.customer === customer) &&
          (!subscription || inv.parent.subscription_details.subscription === subscription) &&
          (!status || inv.status === status),
      );
    return ok(req, p, paginate(all, '/v1/invoices', listOptions(p)));
  });
  router.get('/v1/invoices/:id', (req) => {
    const p = readParams(req).allowOnly(['expand']);
    return ok(req, p, state.getInvoice(req.params.id!));
  });

  // Customer portal
  router.post('/v1/billing_portal/sessions', (req) => {
    const p = readParams(req).allowOnly([
      'after_expiration',
      'configuration',
      'customer',
      'customer_account',
      'expand',
      'flow_data',
      'locale',
      'on_behalf_of',
      'return_url',
    ]);
    const returnUrl = p.string('return_url') ?? null;
    if (returnUrl !== null && !/^https?:\/\/[^\s]+$/i.test(returnUrl))
      throw invalidParam('return_url', 'Not a valid URL');
    return ok(
      req,
      p,
      state.createPortalSession({
        customer: p.requiredString('customer'),
        returnUrl,
        locale: p.string('locale') ?? null,
      }),
    );
  });

  // Events
  router.get('/v1/events', (req) => {
    const p = readParams(req).allowOnly(['created', 'delivery_success', 'type', 'types', ...PAGINATION_PARAMS]);
    const type = p.string('type');
    const types = p.stringArray('types');
    const all = [...state.events.values()]
      .reverse()
      .filter(
        (e) =>
          (!type || (type.endsWith('*') ? e.type.startsWith(type.slice(0, -1)) : e.type === type)) &&
          (!types || types.includes(e.type)),
      );
    return ok(req, p, paginate(all, '/v1/events', listOptions(p)));
  });
  router.get('/v1/events/:id', (req) => {
    const p = readParams(req).allowOnly(['expand']);
    return ok(req, p, state.getEvent(req.params.id!));
  });
}

function lineItemsList(state: StripeState, sessionId: string) {
  const record = state.getCheckoutRecord(sessionId);
  const coupon = record.discount ? state.coupons.get(record.discount.coupon) : undefined;
  const data = record.lineItems.map((line, i) => {
    const price = state.getPrice(line.price);
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
  const session = state.getCheckoutRecord(sessionId).session;
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
