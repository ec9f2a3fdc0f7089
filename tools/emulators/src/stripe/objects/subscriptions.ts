/** Subscriptions, their items, and the period arithmetic of their billing. */
import type { StripePrice } from './catalog.js';
import type { Interval, Metadata } from './shared.js';

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
