/** Coupons and the promotion codes customers type: what a discount is and when it may be redeemed. */
import { prefixedId, randomToken } from '../../common/ids.js';
import { invalidParam, noSuchParam } from '../errors.js';
import type { StripeCoupon, StripePromotionCode } from '../objects/discounts.js';
import type { Metadata } from '../objects/shared.js';
import type { Customers } from './customers.js';
import { Store, type Account } from './store.js';

export interface CouponInput {
  id?: string;
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  duration: StripeCoupon['duration'];
  durationInMonths: number | null;
  name: string | null;
  maxRedemptions: number | null;
  redeemBy: number | null;
  metadata: Metadata;
}

export interface PromotionCodeInput {
  coupon: string;
  code: string | null;
  active: boolean;
  customer: string | null;
  expiresAt: number | null;
  maxRedemptions: number | null;
  metadata: Metadata;
  firstTimeTransaction: boolean;
}

export class Coupons extends Store<StripeCoupon> {
  constructor(private readonly account: Account) {
    super('coupon');
  }

  create(input: CouponInput): StripeCoupon {
    if ((input.percentOff === null) === (input.amountOff === null)) {
      throw invalidParam('percent_off', 'You must specify exactly one of percent_off or amount_off.');
    }
    if (input.percentOff !== null && (input.percentOff <= 0 || input.percentOff > 100)) {
      throw invalidParam('percent_off', 'Percent off must be greater than 0 and at most 100.');
    }
    if (input.amountOff !== null && !input.currency) {
      throw invalidParam('currency', 'You must specify a currency when creating an amount_off coupon.');
    }
    if (input.duration === 'repeating' && !input.durationInMonths) {
      throw invalidParam('duration_in_months', 'A coupon with duration=repeating must specify duration_in_months.');
    }
    const id = input.id ?? randomToken(8);
    if (this.has(id)) throw invalidParam('id', 'Coupon already exists.');
    const coupon: StripeCoupon = {
      id,
      object: 'coupon',
      amount_off: input.amountOff,
      created: this.account.now(),
      currency: input.currency?.toLowerCase() ?? null,
      duration: input.duration,
      duration_in_months: input.duration === 'repeating' ? input.durationInMonths : null,
      livemode: false,
      max_redemptions: input.maxRedemptions,
      metadata: input.metadata,
      name: input.name,
      percent_off: input.percentOff,
      redeem_by: input.redeemBy,
      times_redeemed: 0,
      valid: true,
    };
    this.set(coupon.id, coupon);
    return coupon;
  }

  /** Why a coupon cannot be redeemed now, or null when it can. */
  problem(coupon: StripeCoupon): string | null {
    if (!coupon.valid) return 'This coupon is no longer valid.';
    if (coupon.redeem_by !== null && coupon.redeem_by <= this.account.now()) return 'This coupon has expired.';
    if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) {
      return 'This coupon has reached its maximum number of redemptions.';
    }
    return null;
  }
}

export class PromotionCodes extends Store<StripePromotionCode> {
  constructor(
    private readonly account: Account,
    private readonly coupons: Coupons,
    private readonly customers: Customers,
  ) {
    super('promotion code');
  }

  create(input: PromotionCodeInput): StripePromotionCode {
    if (!this.coupons.has(input.coupon)) throw noSuchParam('coupon', input.coupon, 'promotion[coupon]');
    const code = input.code ?? randomToken(8).toUpperCase();
    if (!/^[a-zA-Z0-9_-]{1,500}$/.test(code)) {
      throw invalidParam('code', 'Promotion codes may contain only letters, digits, dashes and underscores.');
    }
    const clash = [...this.values()].find((p) => p.active && p.code.toLowerCase() === code.toLowerCase());
    if (clash && input.active) throw invalidParam('code', 'An active promotion code with `code` already exists.');
    if (input.customer && !this.customers.has(input.customer))
      throw noSuchParam('customer', input.customer, 'customer');
    const promo: StripePromotionCode = {
      id: prefixedId('promo_', 24),
      object: 'promotion_code',
      active: input.active,
      code,
      created: this.account.now(),
      customer: input.customer,
      customer_account: null,
      expires_at: input.expiresAt,
      livemode: false,
      max_redemptions: input.maxRedemptions,
      metadata: input.metadata,
      promotion: { coupon: input.coupon, type: 'coupon' },
      restrictions: {
        first_time_transaction: input.firstTimeTransaction,
        minimum_amount: null,
        minimum_amount_currency: null,
      },
      times_redeemed: 0,
    };
    this.set(promo.id, promo);
    return promo;
  }
  /** Why a promotion code cannot be redeemed now, or null when it can. */
  /** Why a promotion code cannot be redeemed now, or null when it can. */
  problem(promo: StripePromotionCode, customer: string | null): string | null {
    const coupon = this.coupons.get(promo.promotion.coupon);
    if (!promo.active) return 'This promotion code is not active.';
    if (promo.expires_at !== null && promo.expires_at <= this.account.now()) return 'This promotion code has expired.';
    if (promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions) {
      return 'This promotion code has reached its maximum number of redemptions.';
    }
    if (promo.customer && customer && promo.customer !== customer) {
      return 'This promotion code cannot be redeemed by this customer.';
    }
    return coupon ? this.coupons.problem(coupon) : 'This promotion code is not active.';
  }

  /** The active code a customer typed (Stripe matches codes case-insensitively). */
  findActive(code: string): StripePromotionCode | undefined {
    return [...this.values()].find((p) => p.active && p.code.toLowerCase() === code.trim().toLowerCase());
  }
}
