/** Products and prices, with the views of a price the hosted pages and subscription items show. */
import { formatMoney } from './money.js';
import type { Interval, Metadata } from './shared.js';

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

/** "$5.00/month", "$50.00 every 3 months". */
export function describeRecurringPrice(amount: number, currency: string, interval: Interval, count: number): string {
  const money = formatMoney(amount, currency);
  return count === 1 ? `${money}/${interval}` : `${money} every ${count} ${interval}s`;
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
