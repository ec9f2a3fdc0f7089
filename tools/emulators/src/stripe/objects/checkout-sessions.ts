/** Checkout Sessions in subscription mode. */
import type { Metadata } from './shared.js';

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

/** Replaces `{CHECKOUT_SESSION_ID}` in a success URL, like Checkout does. */
export function substituteSessionId(url: string, sessionId: string): string {
  return url.split('{CHECKOUT_SESSION_ID}').join(sessionId);
}
