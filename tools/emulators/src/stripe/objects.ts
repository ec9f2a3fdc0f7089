/**
 * Stripe-shaped JSON objects (API version below) and the pure helpers around them: list envelopes,
 * cursor pagination, `expand[]`, money and period arithmetic.
 */
import { StripeApiError } from './errors.js';

/** The API version the objects follow (the one stripe-node 23.1.0 pins). */
export const EMULATED_API_VERSION = '2026-10-28.endive';

export type Metadata = Record<string, string>;
export type Interval = 'day' | 'week' | 'month' | 'year';

export interface StripeCustomer {
  id: string;
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  discount: null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
}

export interface StripeProduct {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  default_price: string | null;
  description: string | null;
  images: string[];
  livemode: false;
  marketing_features: [];
  metadata: Metadata;
  name: string;
  package_dimensions: null;
  shippable: null;
  statement_descriptor: null;
  tax_code: null;
  type: 'service';
  unit_label: null;
  updated: number;
  url: null;
}

export interface StripePrice {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: {
    interval: Interval;
    interval_count: number;
    meter: null;
    trial_period_days: number | null;
    usage_type: 'licensed';
  } | null;
  tax_behavior: 'unspecified';
  tiers_mode: null;
  transform_quantity: null;
  type: 'one_time' | 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface StripeCoupon {
  id: string;
  object: 'coupon';
  amount_off: number | null;
  created: number;
  currency: string | null;
  duration: 'forever' | 'once' | 'repeating';
  duration_in_months: number | null;
  livemode: false;
  max_redemptions: number | null;
  metadata: Metadata;
  name: string | null;
  percent_off: number | null;
  redeem_by: number | null;
  times_redeemed: number;
  valid: boolean;
}

export interface StripePromotionCode {
  id: string;
  object: 'promotion_code';
  active: boolean;
  code: string;
  created: number;
  customer: string | null;
  customer_account: null;
  expires_at: number | null;
  livemode: false;
  max_redemptions: number | null;
  metadata: Metadata;
  promotion: { coupon: string; type: 'coupon' };
  restrictions: {
    first_time_transaction: boolean;
    minimum_amount: number | null;
    minimum_amount_currency: string | null;
  };
  times_redeemed: number;
}

export interface StripeDiscount {
  id: string;
  object: 'discount';
  checkout_session: string | null;
  coupon: StripeCoupon;
  customer: string;
  end: number | null;
  invoice: null;
  invoice_item: null;
  promotion_code: string | null;
  start: number;
  subscription: string | null;
  subscription_item: null;
}

export interface StripeCheckoutSession {
  id: string;
  object: 'checkout.session';
  after_expiration: null;
  allow_promotion_codes: boolean | null;
  amount_subtotal: number;
  amount_total: number;
  automatic_tax: { enabled: false; liability: null; provider: null; status: null };
  billing_address_collection: string | null;
  cancel_url: string | null;
  client_reference_id: string | null;
  client_secret: null;
  consent: null;
  consent_collection: null;
  created: number;
  currency: string;
  custom_fields: [];
  custom_text: { after_submit: null; shipping_address: null; submit: null; terms_of_service_acceptance: null };
  customer: string | null;
  customer_creation: 'always' | 'if_required' | null;
  customer_details: {
    address: null;
    business_name: null;
    email: string | null;
    individual_name: null;
    name: string | null;
    phone: null;
    tax_exempt: 'none';
    tax_ids: [];
  } | null;
  customer_email: string | null;
  discounts: Array<{ coupon: string | null; promotion_code: string | null }>;
  expires_at: number;
  invoice: string | null;
  invoice_creation: null;
  livemode: false;
  locale: string | null;
  metadata: Metadata;
  mode: 'subscription';
  payment_intent: null;
  payment_link: null;
  payment_method_collection: 'always' | 'if_required';
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  recovered_from: null;
  setup_intent: null;
  shipping_address_collection: null;
  shipping_cost: null;
  shipping_options: [];
  status: 'open' | 'complete' | 'expired';
  submit_type: null;
  subscription: string | null;
  success_url: string | null;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: 'hosted_page';
  url: string | null;
}

export interface StripeSubscriptionItem {
  id: string;
  object: 'subscription_item';
  billing_thresholds: null;
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: string[];
  metadata: Metadata;
  plan: Record<string, unknown>;
  price: StripePrice;
  quantity: number;
  subscription: string;
  tax_rates: [];
}

export type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

export interface StripeSubscription {
  id: string;
  object: 'subscription';
  application: null;
  application_fee_percent: null;
  automatic_tax: { disabled_reason: null; enabled: false; liability: null };
  billing_cycle_anchor: number;
  billing_cycle_anchor_config: null;
  billing_mode: { flexible: null; type: 'classic' };
  billing_thresholds: null;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  days_until_due: null;
  default_payment_method: string | null;
  default_source: null;
  description: string | null;
  discounts: string[];
  ended_at: number | null;
  invoice_settings: { account_tax_ids: null; issuer: { type: 'self' } };
  items: { object: 'list'; data: StripeSubscriptionItem[]; has_more: false; total_count: number; url: string };
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  next_pending_invoice_item_invoice: null;
  on_behalf_of: null;
  pause_collection: null;
  payment_settings: { payment_method_options: null; payment_method_types: null; save_default_payment_method: 'off' };
  pending_invoice_item_interval: null;
  pending_setup_intent: null;
  pending_update: null;
  schedule: null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: null;
  transfer_data: null;
  trial_end: number | null;
  trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' | 'cancel' | 'pause' } };
  trial_start: number | null;
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

export interface StripeInvoice {
  id: string;
  object: 'invoice';
  account_country: string;
  account_name: string;
  amount_due: number;
  amount_overpaid: number;
  amount_paid: number;
  amount_remaining: number;
  amount_shipping: number;
  attempt_count: number;
  attempted: boolean;
  auto_advance: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  default_payment_method: null;
  description: null;
  discounts: string[];
  due_date: null;
  effective_at: number | null;
  ending_balance: number;
  hosted_invoice_url: string;
  invoice_pdf: string;
  last_finalization_error: null;
  lines: { object: 'list'; data: Array<Record<string, unknown>>; has_more: false; total_count: number; url: string };
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string;
  parent: {
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
    type: 'subscription_details';
  };
  period_end: number;
  period_start: number;
  starting_balance: number;
  status: InvoiceStatus;
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: number | null;
    paid_at: number | null;
    voided_at: number | null;
  };
  subtotal: number;
  subtotal_excluding_tax: number;
  total: number;
  total_discount_amounts: Array<{ amount: number; discount: string }>;
  total_excluding_tax: number;
  total_taxes: [];
  webhooks_delivered_at: number | null;
}

export interface StripePortalSession {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  customer_account: null;
  flow: null;
  livemode: false;
  locale: string | null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: StripeEventType;
}

export const STRIPE_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
] as const;
export type StripeEventType = (typeof STRIPE_EVENT_TYPES)[number];

export interface ListObject<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/** Stripe's cursor pagination over newest-first data: `limit` (1–100, default 10), `starting_after`, `ending_before`. */
export function paginate<T extends { id: string }>(
  newestFirst: T[],
  url: string,
  options: { limit?: number; startingAfter?: string; endingBefore?: string },
): ListObject<T> {
  const limit = options.limit ?? 10;
  if (options.startingAfter) {
    const index = newestFirst.findIndex((item) => item.id === options.startingAfter);
    if (index === -1)
      throw new StripeApiError(400, `No such object: '${options.startingAfter}'`, 'starting_after', 'resource_missing');
    const rest = newestFirst.slice(index + 1);
    return { object: 'list', data: rest.slice(0, limit), has_more: rest.length > limit, url };
  }
  if (options.endingBefore) {
    const index = newestFirst.findIndex((item) => item.id === options.endingBefore);
    if (index === -1)
      throw new StripeApiError(400, `No such object: '${options.endingBefore}'`, 'ending_before', 'resource_missing');
    const before = newestFirst.slice(0, index);
    return {
      object: 'list',
      data: before.slice(Math.max(0, before.length - limit)),
      has_more: before.length > limit,
      url,
    };
  }
  return { object: 'list', data: newestFirst.slice(0, limit), has_more: newestFirst.length > limit, url };
}

export type Resolver = (id: string) => unknown;

/**
 * Applies `expand[]` paths (`customer`, `subscription.latest_invoice`, `data.promotion.coupon` on lists)
 * to a deep copy: each named string id is replaced by its object. Unknown paths fail like Stripe's.
 */
export function expandObject<T>(value: T, paths: string[], resolve: Resolver): T {
  const copy = structuredClone(value) as unknown;
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > 4) {
      throw new StripeApiError(400, `You cannot expand more than 4 levels of a property. Property: ${path}`, 'expand');
    }
    expandAt(copy, segments, path, resolve);
  }
  return copy as T;
}

function expandAt(node: unknown, segments: string[], fullPath: string, resolve: Resolver): void {
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  const [head, ...rest] = segments as [string, ...string[]];
  if (head === 'data' && record.object === 'list' && Array.isArray(record.data)) {
    if (rest.length === 0) throw cannotExpand(fullPath);
    for (const item of record.data) expandAt(item, rest, fullPath, resolve);
    return;
  }
  if (!(head in record)) throw cannotExpand(fullPath);
  let child = record[head];
  if (rest.length === 0) {
    if (child === null) return;
    if (typeof child === 'string') {
      const resolved = resolve(child);
      if (resolved === undefined) return;
      record[head] = structuredClone(resolved);
      return;
    }
    if (typeof child === 'object') return; // already expanded
    throw cannotExpand(fullPath);
  }
  if (typeof child === 'string') {
    const resolved = resolve(child);
    if (resolved === undefined) return;
    child = structuredClone(resolved);
    record[head] = child;
  }
  expandAt(child, rest, fullPath, resolve);
}

function cannotExpand(path: string): StripeApiError {
  return new StripeApiError(400, `This property cannot be expanded (${path}).`, 'expand');
}

/** `$5.00`-style money for the hosted pages. */
export function formatMoney(amountInMinorUnits: number, currency: string): string {
  const zeroDecimal = [
    'jpy',
    'krw',
    'vnd',
    'clp',
    'xof',
    'xaf',
    'ugx',
    'pyg',
    'rwf',
    'kmf',
    'gnf',
    'djf',
    'bif',
    'vuv',
    'xpf',
    'mga',
  ];
  const divisor = zeroDecimal.includes(currency.toLowerCase()) ? 1 : 100;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amountInMinorUnits / divisor,
  );
}

/** The amount after a coupon, never below zero. */
export function applyCoupon(
  amount: number,
  coupon: Pick<StripeCoupon, 'percent_off' | 'amount_off'> | undefined,
): number {
  if (!coupon) return amount;
  if (coupon.percent_off !== null) return Math.max(0, Math.round(amount * (1 - coupon.percent_off / 100)));
  if (coupon.amount_off !== null) return Math.max(0, amount - coupon.amount_off);
  return amount;
}

/** Adds `count` intervals to a unix time, keeping the day of month where it exists (Jan 31 → Feb 28). */
export function addInterval(unixSeconds: number, interval: Interval, count = 1): number {
  const date = new Date(unixSeconds * 1000);
  switch (interval) {
    case 'day':
      return unixSeconds + 86_400 * count;
    case 'week':
      return unixSeconds + 7 * 86_400 * count;
    case 'month':
    case 'year': {
      const months = interval === 'month' ? count : 12 * count;
      const day = date.getUTCDate();
      const target = new Date(date.getTime());
      target.setUTCDate(1);
      target.setUTCMonth(target.getUTCMonth() + months);
      const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
      target.setUTCDate(Math.min(day, lastDay));
      return Math.floor(target.getTime() / 1000);
    }
  }
}

/** "$5.00/month", "$50.00 every 3 months". */
export function describeRecurringPrice(amount: number, currency: string, interval: Interval, count: number): string {
  const money = formatMoney(amount, currency);
  return count === 1 ? `${money}/${interval}` : `${money} every ${count} ${interval}s`;
}

/** Replaces `{CHECKOUT_SESSION_ID}` in a success URL, like Checkout does. */
export function substituteSessionId(url: string, sessionId: string): string {
  return url.split('{CHECKOUT_SESSION_ID}').join(sessionId);
}

/** The legacy `plan` view of a recurring price that subscription items still carry. */
export function planFromPrice(price: StripePrice): Record<string, unknown> {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: price.recurring?.trial_period_days ?? null,
    usage_type: 'licensed',
  };
}
