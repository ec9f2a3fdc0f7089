/** Invoices of subscriptions. */
import type { Metadata } from './shared.js';

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
