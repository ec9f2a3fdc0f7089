/** Coupons, the promotion codes that name them, and the discount one leaves on a subscription. */
import type { Metadata } from './shared.js';

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
