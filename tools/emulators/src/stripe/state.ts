import type { Clock } from '../common/clock.js';
import { unixSeconds } from '../common/clock.js';
import { prefixedId, randomToken } from '../common/ids.js';
import { StripeApiError, invalidParam, noSuchObject, noSuchParam } from './errors.js';
import {
  EMULATED_API_VERSION,
  addInterval,
  applyCoupon,
  planFromPrice,
  type Interval,
  type Metadata,
  type StripeCheckoutSession,
  type StripeCoupon,
  type StripeCustomer,
  type StripeDiscount,
  type StripeEvent,
  type StripeEventType,
  type StripeInvoice,
  type StripePortalSession,
  type StripePrice,
  type StripeProduct,
  type StripePromotionCode,
  type StripeSubscription,
  type StripeSubscriptionItem,
} from './objects.js';

export interface SeedPrice {
  lookupKey: string;
  productName: string;
  unitAmount: number;
  currency: string;
  interval: Interval;
}

/** What `npm start` needs out of the box: the $5/month membership price, found by lookup key. */
export const DEFAULT_SEED_PRICES: SeedPrice[] = [
  {
    lookupKey: 'runpledge_monthly',
    productName: 'RunPledge membership',
    unitAmount: 500,
    currency: 'usd',
    interval: 'month',
  },
];

export interface RequestInfo {
  id: string | null;
  idempotencyKey: string | null;
}

const NO_REQUEST: RequestInfo = { id: null, idempotencyKey: null };

export interface CheckoutCreateInput {
  lineItems: Array<{ price: string; quantity: number }>;
  successUrl: string | null;
  cancelUrl: string | null;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Metadata;
  allowPromotionCodes: boolean | null;
  discounts: Array<{ coupon?: string; promotion_code?: string }>;
  trialPeriodDays: number | null;
  trialEnd: number | null;
  subscriptionMetadata: Metadata;
  subscriptionDescription: string | null;
  expiresAt: number | null;
  locale: string | null;
  paymentMethodCollection: 'always' | 'if_required' | null;
  billingAddressCollection: string | null;
}

/** A checkout session plus what it will turn into once completed. */
export interface CheckoutRecord {
  session: StripeCheckoutSession;
  lineItems: Array<{ price: string; quantity: number }>;
  trialPeriodDays: number | null;
  trialEnd: number | null;
  subscriptionMetadata: Metadata;
  subscriptionDescription: string | null;
  /** The coupon (and promotion code) applied at creation or typed on the hosted page. */
  discount: { coupon: string; promotionCode: string | null } | null;
  promotionCodeError: string | null;
}

export interface SubscriptionRecord {
  subscription: StripeSubscription;
  discount: StripeDiscount | null;
  /** A `once` coupon stops applying after the first invoice with something to pay. */
  onceDiscountUsed: boolean;
  openInvoice: string | null;
}

export type BillingOutcome = 'paid' | 'failed' | 'cancel';

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

/** Every object of one emulated Stripe account, in memory, with the rules that change them. */
export class StripeState {
  readonly customers = new Map<string, StripeCustomer>();
  readonly products = new Map<string, StripeProduct>();
  readonly prices = new Map<string, StripePrice>();
  readonly coupons = new Map<string, StripeCoupon>();
  readonly promotionCodes = new Map<string, StripePromotionCode>();
  readonly checkoutSessions = new Map<string, CheckoutRecord>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly invoices = new Map<string, StripeInvoice>();
  readonly portalSessions = new Map<string, StripePortalSession>();
  readonly events = new Map<string, StripeEvent>();
  private invoiceSequence = 0;

  constructor(
    private readonly clock: Clock,
    private readonly publicUrl: () => string,
    private readonly seedPrices: SeedPrice[] = DEFAULT_SEED_PRICES,
  ) {
    this.seed();
  }

  now(): number {
    return unixSeconds(this.clock);
  }

  reset(): void {
    for (const map of [
      this.customers,
      this.products,
      this.prices,
      this.coupons,
      this.promotionCodes,
      this.checkoutSessions,
      this.subscriptions,
      this.invoices,
      this.portalSessions,
      this.events,
    ]) {
      map.clear();
    }
    this.invoiceSequence = 0;
    this.seed();
  }

  private seed(): void {
    for (const seed of this.seedPrices) {
      const product = this.createProduct({ name: seed.productName, metadata: {} });
      this.createPrice({
        product: product.id,
        unitAmount: seed.unitAmount,
        currency: seed.currency,
        interval: seed.interval,
        intervalCount: 1,
        lookupKey: seed.lookupKey,
        transferLookupKey: false,
        nickname: null,
        metadata: {},
        active: true,
      });
    }
  }

  /** Finds any object by id, for `expand[]`. */
  resolve(id: string): unknown {
    const maps: Array<Map<string, unknown>> = [
      this.customers,
      this.products,
      this.prices,
      this.promotionCodes,
      this.invoices,
      this.portalSessions,
      this.events,
      this.coupons,
    ];
    for (const map of maps) {
      const found = map.get(id);
      if (found) return found;
    }
    return this.subscriptions.get(id)?.subscription ?? this.checkoutSessions.get(id)?.session;
  }

  // Customers

  createCustomer(input: {
    email: string | null;
    name: string | null;
    description: string | null;
    phone: string | null;
    metadata: Metadata;
  }): StripeCustomer {
    const customer: StripeCustomer = {
      id: prefixedId('cus_', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: this.now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: input.description,
      discount: null,
      email: input.email,
      invoice_prefix: randomToken(8).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: input.metadata,
      name: input.name,
      phone: input.phone,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  getCustomer(id: string): StripeCustomer {
    const customer = this.customers.get(id);
    if (!customer) throw noSuchObject('customer', id);
    return customer;
  }

  updateCustomer(
    id: string,
    input: {
      email?: string | null;
      name?: string | null;
      description?: string | null;
      phone?: string | null;
      metadata?: Metadata;
    },
  ): StripeCustomer {
    const customer = this.getCustomer(id);
    if (input.email !== undefined) customer.email = input.email;
    if (input.name !== undefined) customer.name = input.name;
    if (input.description !== undefined) customer.description = input.description;
    if (input.phone !== undefined) customer.phone = input.phone;
    if (input.metadata) customer.metadata = mergeMetadata(customer.metadata, input.metadata);
    return customer;
  }

  deleteCustomer(id: string): { id: string; object: 'customer'; deleted: true } {
    this.getCustomer(id);
    this.customers.delete(id);
    return { id, object: 'customer', deleted: true };
  }

  // Products and prices

  createProduct(input: { name: string; description?: string | null; metadata: Metadata; id?: string }): StripeProduct {
    const id = input.id ?? prefixedId('prod_', 14);
    if (this.products.has(id)) throw invalidParam('id', `Product already exists.`);
    const now = this.now();
    const product: StripeProduct = {
      id,
      object: 'product',
      active: true,
      created: now,
      default_price: null,
      description: input.description ?? null,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: input.metadata,
      name: input.name,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      type: 'service',
      unit_label: null,
      updated: now,
      url: null,
    };
    this.products.set(product.id, product);
    return product;
  }

  getProduct(id: string): StripeProduct {
    const product = this.products.get(id);
    if (!product) throw noSuchObject('product', id);
    return product;
  }

  createPrice(input: {
    product: string;
    unitAmount: number;
    currency: string;
    interval: Interval | null;
    intervalCount: number;
    lookupKey: string | null;
    transferLookupKey: boolean;
    nickname: string | null;
    metadata: Metadata;
    active: boolean;
  }): StripePrice {
    if (!this.products.has(input.product)) throw noSuchParam('product', input.product, 'product');
    if (input.lookupKey) {
      const holder = [...this.prices.values()].find((p) => p.lookup_key === input.lookupKey);
      if (holder && !input.transferLookupKey) {
        throw invalidParam('lookup_key', `A price (\`${holder.id}\`) already uses that lookup key.`);
      }
      if (holder) holder.lookup_key = null;
    }
    const price: StripePrice = {
      id: prefixedId('price_', 24),
      object: 'price',
      active: input.active,
      billing_scheme: 'per_unit',
      created: this.now(),
      currency: input.currency.toLowerCase(),
      custom_unit_amount: null,
      livemode: false,
      lookup_key: input.lookupKey,
      metadata: input.metadata,
      nickname: input.nickname,
      product: input.product,
      recurring: input.interval
        ? {
            interval: input.interval,
            interval_count: input.intervalCount,
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          }
        : null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: input.interval ? 'recurring' : 'one_time',
      unit_amount: input.unitAmount,
      unit_amount_decimal: String(input.unitAmount),
    };
    this.prices.set(price.id, price);
    const product = this.products.get(input.product)!;
    product.default_price ??= price.id;
    return price;
  }

  getPrice(id: string): StripePrice {
    const price = this.prices.get(id);
    if (!price) throw noSuchObject('price', id);
    return price;
  }

  // Coupons and promotion codes

  createCoupon(input: CouponInput): StripeCoupon {
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
    if (this.coupons.has(id)) throw invalidParam('id', 'Coupon already exists.');
    const coupon: StripeCoupon = {
      id,
      object: 'coupon',
      amount_off: input.amountOff,
      created: this.now(),
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
    this.coupons.set(coupon.id, coupon);
    return coupon;
  }

  getCoupon(id: string): StripeCoupon {
    const coupon = this.coupons.get(id);
    if (!coupon) throw noSuchObject('coupon', id);
    return coupon;
  }

  createPromotionCode(input: PromotionCodeInput): StripePromotionCode {
    if (!this.coupons.has(input.coupon)) throw noSuchParam('coupon', input.coupon, 'promotion[coupon]');
    const code = input.code ?? randomToken(8).toUpperCase();
    if (!/^[a-zA-Z0-9_-]{1,500}$/.test(code)) {
      throw invalidParam('code', 'Promotion codes may contain only letters, digits, dashes and underscores.');
    }
    const clash = [...this.promotionCodes.values()].find(
      (p) => p.active && p.code.toLowerCase() === code.toLowerCase(),
    );
    if (clash && input.active) throw invalidParam('code', 'An active promotion code with `code` already exists.');
    if (input.customer && !this.customers.has(input.customer))
      throw noSuchParam('customer', input.customer, 'customer');
    const promo: StripePromotionCode = {
      id: prefixedId('promo_', 24),
      object: 'promotion_code',
      active: input.active,
      code,
      created: this.now(),
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
    this.promotionCodes.set(promo.id, promo);
    return promo;
  }

  getPromotionCode(id: string): StripePromotionCode {
    const promo = this.promotionCodes.get(id);
    if (!promo) throw noSuchObject('promotion code', id);
    return promo;
  }

  /** Why a promotion code cannot be redeemed now, or null when it can. */
  promotionCodeProblem(promo: StripePromotionCode, customer: string | null): string | null {
    const coupon = this.coupons.get(promo.promotion.coupon);
    if (!promo.active) return 'This promotion code is not active.';
    if (promo.expires_at !== null && promo.expires_at <= this.now()) return 'This promotion code has expired.';
    if (promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions) {
      return 'This promotion code has reached its maximum number of redemptions.';
    }
    if (promo.customer && customer && promo.customer !== customer) {
      return 'This promotion code cannot be redeemed by this customer.';
    }
    return coupon ? this.couponProblem(coupon) : 'This promotion code is not active.';
  }

  couponProblem(coupon: StripeCoupon): string | null {
    if (!coupon.valid) return 'This coupon is no longer valid.';
    if (coupon.redeem_by !== null && coupon.redeem_by <= this.now()) return 'This coupon has expired.';
    if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) {
      return 'This coupon has reached its maximum number of redemptions.';
    }
    return null;
  }

  findActivePromotionCode(code: string): StripePromotionCode | undefined {
    return [...this.promotionCodes.values()].find(
      (p) => p.active && p.code.toLowerCase() === code.trim().toLowerCase(),
    );
  }

  // Checkout

  createCheckoutSession(input: CheckoutCreateInput): StripeCheckoutSession {
    if (input.customer && input.customerEmail) {
      throw invalidParam('customer_email', 'You may only specify one of these parameters: customer, customer_email.');
    }
    if (input.allowPromotionCodes && input.discounts.length > 0) {
      throw invalidParam(
        'discounts',
        'You may only specify one of these parameters: allow_promotion_codes, discounts.',
      );
    }
    if (input.discounts.length > 1) {
      throw invalidParam('discounts', 'You may only specify one discount for a Checkout Session.');
    }
    if (input.customer && !this.customers.has(input.customer)) {
      throw noSuchParam('customer', input.customer, 'customer');
    }
    if (input.lineItems.length === 0)
      throw invalidParam('line_items', 'line_items is required in `subscription` mode.');
    const prices = input.lineItems.map((item, i) => {
      const price = this.prices.get(item.price);
      if (!price) throw noSuchParam('price', item.price, `line_items[${i}][price]`);
      if (!price.active)
        throw invalidParam(
          `line_items[${i}][price]`,
          `The price specified is inactive. This field only accepts active prices.`,
        );
      if (price.type !== 'recurring') {
        throw invalidParam(
          `line_items[${i}][price]`,
          'You must provide at least one recurring price in `subscription` mode when using prices.',
        );
      }
      return price;
    });
    const currency = prices[0]!.currency;
    if (prices.some((p) => p.currency !== currency)) {
      throw invalidParam('line_items', 'All prices on a subscription must have the same currency.');
    }
    let discount: CheckoutRecord['discount'] = null;
    const requested = input.discounts[0];
    if (requested?.promotion_code) {
      const promo = this.promotionCodes.get(requested.promotion_code);
      if (!promo) throw noSuchParam('promotion code', requested.promotion_code, 'discounts[0][promotion_code]');
      const problem = this.promotionCodeProblem(promo, input.customer);
      if (problem) throw invalidParam('discounts[0][promotion_code]', problem);
      discount = { coupon: promo.promotion.coupon, promotionCode: promo.id };
    } else if (requested?.coupon) {
      const coupon = this.coupons.get(requested.coupon);
      if (!coupon) throw noSuchParam('coupon', requested.coupon, 'discounts[0][coupon]');
      const problem = this.couponProblem(coupon);
      if (problem) throw invalidParam('discounts[0][coupon]', problem);
      discount = { coupon: coupon.id, promotionCode: null };
    }
    const now = this.now();
    const expiresAt = input.expiresAt ?? now + 24 * 3600;
    if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
      throw invalidParam('expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.');
    }
    const id = `cs_test_${randomToken(58)}`;
    const session: StripeCheckoutSession = {
      id,
      object: 'checkout.session',
      after_expiration: null,
      allow_promotion_codes: input.allowPromotionCodes,
      amount_subtotal: 0,
      amount_total: 0,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: input.billingAddressCollection,
      cancel_url: input.cancelUrl,
      client_reference_id: input.clientReferenceId,
      client_secret: null,
      consent: null,
      consent_collection: null,
      created: now,
      currency,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: input.customer,
      customer_creation: null,
      customer_details: input.customer ? null : input.customerEmail ? customerDetails(input.customerEmail, null) : null,
      customer_email: input.customerEmail,
      discounts: discount
        ? [{ coupon: discount.promotionCode ? null : discount.coupon, promotion_code: discount.promotionCode }]
        : [],
      expires_at: expiresAt,
      invoice: null,
      invoice_creation: null,
      livemode: false,
      locale: input.locale,
      metadata: input.metadata,
      mode: 'subscription',
      payment_intent: null,
      payment_link: null,
      payment_method_collection: input.paymentMethodCollection ?? 'always',
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      recovered_from: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: input.successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted_page',
      url: `${this.publicUrl()}/c/pay/${id}`,
    };
    const record: CheckoutRecord = {
      session,
      lineItems: input.lineItems,
      trialPeriodDays: input.trialPeriodDays,
      trialEnd: input.trialEnd,
      subscriptionMetadata: input.subscriptionMetadata,
      subscriptionDescription: input.subscriptionDescription,
      discount,
      promotionCodeError: null,
    };
    this.updateSessionAmounts(record);
    this.checkoutSessions.set(id, record);
    return session;
  }

  getCheckoutRecord(id: string): CheckoutRecord {
    const record = this.checkoutSessions.get(id);
    if (!record) throw noSuchObject('checkout.session', id);
    this.expireIfDue(record);
    return record;
  }

  private expireIfDue(record: CheckoutRecord): void {
    if (record.session.status === 'open' && record.session.expires_at <= this.now()) {
      record.session.status = 'expired';
      record.session.url = null;
    }
  }

  /** The amount charged today (zero during a trial) and what each period costs afterwards. */
  checkoutAmounts(record: CheckoutRecord): { subtotal: number; recurring: number; recurringAfterDiscount: number } {
    const recurring = record.lineItems.reduce(
      (sum, item) => sum + (this.prices.get(item.price)?.unit_amount ?? 0) * item.quantity,
      0,
    );
    const coupon = record.discount ? this.coupons.get(record.discount.coupon) : undefined;
    const recurringAfterDiscount = applyCoupon(recurring, coupon);
    return { subtotal: this.hasTrial(record) ? 0 : recurring, recurring, recurringAfterDiscount };
  }

  private hasTrial(record: CheckoutRecord): boolean {
    return (record.trialPeriodDays ?? 0) > 0 || record.trialEnd !== null;
  }

  private updateSessionAmounts(record: CheckoutRecord): void {
    const { subtotal, recurring, recurringAfterDiscount } = this.checkoutAmounts(record);
    const today = this.hasTrial(record) ? 0 : recurringAfterDiscount;
    record.session.amount_subtotal = subtotal;
    record.session.amount_total = today;
    record.session.total_details.amount_discount = this.hasTrial(record) ? 0 : recurring - recurringAfterDiscount;
  }

  /** A code typed on the hosted page (sessions created with `allow_promotion_codes=true`). */
  applyPromotionCodeOnPage(sessionId: string, code: string): CheckoutRecord {
    const record = this.getCheckoutRecord(sessionId);
    if (record.session.status !== 'open' || !record.session.allow_promotion_codes) return record;
    const trimmed = code.trim();
    if (trimmed === '') {
      record.discount = null;
      record.session.discounts = [];
      record.promotionCodeError = null;
    } else {
      const promo = this.findActivePromotionCode(trimmed);
      const problem = promo ? this.promotionCodeProblem(promo, record.session.customer) : 'This code is invalid.';
      if (!promo || problem) {
        record.promotionCodeError = problem ?? 'This code is invalid.';
      } else {
        record.discount = { coupon: promo.promotion.coupon, promotionCode: promo.id };
        record.session.discounts = [{ coupon: null, promotion_code: promo.id }];
        record.promotionCodeError = null;
      }
    }
    this.updateSessionAmounts(record);
    return record;
  }

  expireCheckoutSession(
    id: string,
    request: RequestInfo = NO_REQUEST,
  ): { session: StripeCheckoutSession; events: StripeEvent[] } {
    const record = this.getCheckoutRecord(id);
    if (record.session.status !== 'open') {
      throw invalidParam(
        'session',
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${record.session.status}".`,
      );
    }
    record.session.status = 'expired';
    record.session.url = null;
    return {
      session: record.session,
      events: [this.event('checkout.session.expired', record.session, undefined, request)],
    };
  }

  /**
   * What "Start trial" does: creates the customer (when needed), the subscription (trialing, or active and
   * paid without a trial), its first invoice, completes the session, and returns the events it caused.
   */
  completeCheckout(
    sessionId: string,
    input: { email: string | null; name: string | null },
  ): { record: CheckoutRecord; events: StripeEvent[] } {
    const record = this.getCheckoutRecord(sessionId);
    const session = record.session;
    if (session.status !== 'open') {
      throw new StripeApiError(
        400,
        `This Checkout Session is ${session.status}.`,
        undefined,
        'checkout_session_not_open',
      );
    }
    const now = this.now();
    const email = session.customer_email ?? input.email;
    const customer = session.customer
      ? this.getCustomer(session.customer)
      : this.createCustomer({ email, name: input.name, description: null, phone: null, metadata: {} });

    const subscriptionId = prefixedId('sub_', 24);
    const trialEnd = record.trialEnd ?? (record.trialPeriodDays ? now + record.trialPeriodDays * 86_400 : null);
    const items = record.lineItems.map((line) => {
      const price = this.prices.get(line.price)!;
      const periodEnd = trialEnd ?? addInterval(now, price.recurring!.interval, price.recurring!.interval_count);
      const item: StripeSubscriptionItem = {
        id: prefixedId('si_', 14),
        object: 'subscription_item',
        billing_thresholds: null,
        created: now,
        current_period_end: periodEnd,
        current_period_start: now,
        discounts: [],
        metadata: {},
        plan: planFromPrice(price),
        price: structuredClone(price),
        quantity: line.quantity,
        subscription: subscriptionId,
        tax_rates: [],
      };
      return item;
    });

    let discount: StripeDiscount | null = null;
    if (record.discount) {
      const coupon = this.coupons.get(record.discount.coupon)!;
      coupon.times_redeemed += 1;
      if (record.discount.promotionCode) this.promotionCodes.get(record.discount.promotionCode)!.times_redeemed += 1;
      discount = {
        id: prefixedId('di_', 24),
        object: 'discount',
        checkout_session: session.id,
        coupon: structuredClone(coupon),
        customer: customer.id,
        end:
          coupon.duration === 'repeating'
            ? addInterval(trialEnd ?? now, 'month', coupon.duration_in_months ?? 1)
            : null,
        invoice: null,
        invoice_item: null,
        promotion_code: record.discount.promotionCode,
        start: now,
        subscription: subscriptionId,
        subscription_item: null,
      };
    }

    const subscription: StripeSubscription = {
      id: subscriptionId,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: trialEnd ?? now,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: null, type: 'classic' },
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency: session.currency,
      customer: customer.id,
      days_until_due: null,
      default_payment_method: `pm_${randomToken(24)}`,
      default_source: null,
      description: record.subscriptionDescription,
      discounts: discount ? [discount.id] : [],
      ended_at: null,
      invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
      items: {
        object: 'list',
        data: items,
        has_more: false,
        total_count: items.length,
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: { ...record.subscriptionMetadata },
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: now,
      status: trialEnd ? 'trialing' : 'active',
      test_clock: null,
      transfer_data: null,
      trial_end: trialEnd,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
      trial_start: trialEnd ? now : null,
    };
    const subRecord: SubscriptionRecord = { subscription, discount, onceDiscountUsed: false, openInvoice: null };
    this.subscriptions.set(subscription.id, subRecord);
    customer.invoice_settings.default_payment_method = subscription.default_payment_method;

    const invoice = this.createSubscriptionInvoice(subRecord, 'subscription_create', {
      trial: trialEnd !== null,
      paid: true,
    });

    session.status = 'complete';
    session.url = null;
    session.customer = customer.id;
    session.customer_details = customerDetails(customer.email, customer.name);
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    session.payment_status = invoice.amount_due === 0 ? 'no_payment_required' : 'paid';
    session.amount_total = invoice.amount_paid;
    session.amount_subtotal = invoice.subtotal;
    session.total_details.amount_discount = invoice.subtotal - invoice.total;

    const events = [
      this.event('customer.subscription.created', subscription),
      this.event('invoice.paid', invoice),
      this.event('checkout.session.completed', session),
    ];
    return { record, events };
  }

  // Invoices

  private createSubscriptionInvoice(
    record: SubscriptionRecord,
    reason: StripeInvoice['billing_reason'],
    options: { trial: boolean; paid: boolean; previousPeriodStart?: number },
  ): StripeInvoice {
    const sub = record.subscription;
    const customer = this.customers.get(sub.customer);
    const now = this.now();
    const id = prefixedId('in_', 24);
    const lines = sub.items.data.map((item) => {
      const price = item.price;
      const productName = this.products.get(price.product)?.name ?? 'Subscription';
      const amount = options.trial ? 0 : price.unit_amount * item.quantity;
      return {
        id: prefixedId('il_', 24),
        object: 'line_item',
        amount,
        currency: price.currency,
        description: options.trial ? `Trial period for ${productName}` : `${item.quantity} × ${productName}`,
        discount_amounts: [] as Array<{ amount: number; discount: string }>,
        discountable: true,
        discounts: [] as string[],
        invoice: id,
        livemode: false,
        metadata: {},
        parent: {
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: false,
            proration_details: { credited_items: null },
            subscription: sub.id,
            subscription_item: item.id,
          },
          type: 'subscription_item_details',
        },
        period: { end: item.current_period_end, start: item.current_period_start },
        pretax_credit_amounts: [],
        pricing: {
          price_details: { price: price.id, product: price.product },
          type: 'price_details',
          unit_amount_decimal: price.unit_amount_decimal,
        },
        quantity: item.quantity,
        taxes: [],
      };
    });
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    let total = subtotal;
    const discountAmounts: Array<{ amount: number; discount: string }> = [];
    const discount = record.discount;
    const discountApplies =
      discount !== null &&
      subtotal > 0 &&
      (discount.end === null || now < discount.end) &&
      !(discount.coupon.duration === 'once' && record.onceDiscountUsed);
    if (discount && discountApplies) {
      total = applyCoupon(subtotal, discount.coupon);
      if (total !== subtotal) discountAmounts.push({ amount: subtotal - total, discount: discount.id });
      if (discount.coupon.duration === 'once') record.onceDiscountUsed = true;
      const first = lines[0];
      if (first && subtotal !== total) {
        first.discount_amounts.push({ amount: subtotal - total, discount: discount.id });
        first.discounts.push(discount.id);
      }
    }
    this.invoiceSequence += 1;
    const paid = options.paid || total === 0;
    const invoice: StripeInvoice = {
      id,
      object: 'invoice',
      account_country: 'US',
      account_name: 'RunPledge (Stripe emulator)',
      amount_due: total,
      amount_overpaid: 0,
      amount_paid: paid ? total : 0,
      amount_remaining: paid ? 0 : total,
      amount_shipping: 0,
      attempt_count: total === 0 ? 0 : 1,
      attempted: total !== 0,
      auto_advance: !paid,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now,
      currency: sub.currency,
      customer: sub.customer,
      customer_email: customer?.email ?? null,
      customer_name: customer?.name ?? null,
      default_payment_method: null,
      description: null,
      discounts: discountApplies && discount ? [discount.id] : [],
      due_date: null,
      effective_at: now,
      ending_balance: 0,
      hosted_invoice_url: `${this.publicUrl()}/i/${id}`,
      invoice_pdf: `${this.publicUrl()}/i/${id}/pdf`,
      last_finalization_error: null,
      lines: {
        object: 'list',
        data: lines,
        has_more: false,
        total_count: lines.length,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: paid ? null : now + 3 * 86_400,
      number: `${customer?.invoice_prefix ?? 'EMU'}-${String(this.invoiceSequence).padStart(4, '0')}`,
      parent: {
        quote_details: null,
        subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
        type: 'subscription_details',
      },
      period_end: now,
      period_start: options.previousPeriodStart ?? now,
      starting_balance: 0,
      status: paid ? 'paid' : 'open',
      status_transitions: {
        finalized_at: now,
        marked_uncollectible_at: null,
        paid_at: paid ? now : null,
        voided_at: null,
      },
      subtotal,
      subtotal_excluding_tax: subtotal,
      total,
      total_discount_amounts: discountAmounts,
      total_excluding_tax: total,
      total_taxes: [],
      webhooks_delivered_at: now,
    };
    this.invoices.set(id, invoice);
    sub.latest_invoice = id;
    record.openInvoice = paid ? null : id;
    return invoice;
  }

  getInvoice(id: string): StripeInvoice {
    const invoice = this.invoices.get(id);
    if (!invoice) throw noSuchObject('invoice', id);
    return invoice;
  }

  // Subscriptions

  getSubscriptionRecord(id: string): SubscriptionRecord {
    const record = this.subscriptions.get(id);
    if (!record) throw noSuchObject('subscription', id);
    return record;
  }

  /**
   * Bills the next period now (the end of a trial, or a renewal): `paid` → active + invoice.paid;
   * `failed` → past_due + invoice.payment_failed, and a second failure cancels; `cancel` cancels now.
   */
  advanceSubscription(
    id: string,
    outcome: BillingOutcome,
    request: RequestInfo = NO_REQUEST,
  ): { subscription: StripeSubscription; invoice: StripeInvoice | null; events: StripeEvent[] } {
    const record = this.getSubscriptionRecord(id);
    const sub = record.subscription;
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
      throw invalidParam('subscription', `This subscription is ${sub.status}; it cannot be billed again.`);
    }
    if (outcome === 'cancel') {
      return { subscription: sub, invoice: null, events: [this.cancelNow(record, 'cancellation_requested', request)] };
    }
    if (sub.cancel_at_period_end && (sub.status === 'trialing' || sub.status === 'active')) {
      return { subscription: sub, invoice: null, events: [this.cancelNow(record, 'cancellation_requested', request)] };
    }
    const now = this.now();
    const before = snapshot(sub);
    const events: StripeEvent[] = [];

    if (record.openInvoice) {
      const invoice = this.invoices.get(record.openInvoice)!;
      invoice.attempt_count += 1;
      invoice.attempted = true;
      if (outcome === 'paid') {
        this.markPaid(invoice, now);
        record.openInvoice = null;
        sub.status = 'active';
        events.push(this.event('customer.subscription.updated', sub, changedAttributes(before, sub), request));
        events.push(this.event('invoice.paid', invoice, undefined, request));
        return { subscription: sub, invoice, events };
      }
      invoice.next_payment_attempt = null;
      events.push(this.event('invoice.payment_failed', invoice, undefined, request));
      events.push(this.cancelNow(record, 'payment_failed', request));
      return { subscription: sub, invoice, events };
    }

    const previousPeriodStart = sub.items.data[0]?.current_period_start ?? now;
    for (const item of sub.items.data) {
      const recurring = item.price.recurring!;
      item.current_period_start = now;
      item.current_period_end = addInterval(now, recurring.interval, recurring.interval_count);
    }
    if (sub.status === 'trialing') sub.trial_end = now;
    sub.billing_cycle_anchor = now;
    const invoice = this.createSubscriptionInvoice(record, 'subscription_cycle', {
      trial: false,
      paid: outcome === 'paid',
      previousPeriodStart,
    });
    sub.status = invoice.status === 'paid' ? 'active' : 'past_due';
    events.push(this.event('customer.subscription.updated', sub, changedAttributes(before, sub), request));
    events.push(
      this.event(invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice, undefined, request),
    );
    return { subscription: sub, invoice, events };
  }

  private markPaid(invoice: StripeInvoice, now: number): void {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.auto_advance = false;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = now;
  }

  private cancelNow(record: SubscriptionRecord, reason: string, request: RequestInfo): StripeEvent {
    const sub = record.subscription;
    const now = this.now();
    sub.status = 'canceled';
    sub.canceled_at = now;
    sub.ended_at = now;
    sub.cancellation_details = { ...sub.cancellation_details, reason };
    if (record.openInvoice) {
      const invoice = this.invoices.get(record.openInvoice)!;
      invoice.next_payment_attempt = null;
      invoice.auto_advance = false;
      record.openInvoice = null;
    }
    return this.event('customer.subscription.deleted', sub, undefined, request);
  }

  cancelSubscription(
    id: string,
    input: { comment?: string | null; feedback?: string | null },
    request: RequestInfo = NO_REQUEST,
  ): { subscription: StripeSubscription; events: StripeEvent[] } {
    const record = this.getSubscriptionRecord(id);
    if (record.subscription.status === 'canceled') {
      throw new StripeApiError(
        400,
        `A canceled subscription can only update its cancellation_details and metadata.`,
        undefined,
        'resource_missing',
      );
    }
    if (input.comment !== undefined) record.subscription.cancellation_details.comment = input.comment;
    if (input.feedback !== undefined) record.subscription.cancellation_details.feedback = input.feedback;
    const event = this.cancelNow(record, 'cancellation_requested', request);
    return { subscription: record.subscription, events: [event] };
  }

  updateSubscription(
    id: string,
    input: {
      cancelAtPeriodEnd?: boolean;
      metadata?: Metadata;
      description?: string | null;
      trialEndNow?: boolean;
      comment?: string | null;
      feedback?: string | null;
    },
    request: RequestInfo = NO_REQUEST,
  ): { subscription: StripeSubscription; events: StripeEvent[] } {
    const record = this.getSubscriptionRecord(id);
    const sub = record.subscription;
    const before = snapshot(sub);
    if (sub.status === 'canceled' && (input.cancelAtPeriodEnd !== undefined || input.trialEndNow)) {
      throw invalidParam(
        'cancel_at_period_end',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    if (input.trialEndNow) {
      if (sub.status !== 'trialing') throw invalidParam('trial_end', 'This subscription is not in a trial period.');
      return this.advanceSubscription(id, 'paid', request);
    }
    if (input.cancelAtPeriodEnd !== undefined) {
      sub.cancel_at_period_end = input.cancelAtPeriodEnd;
      sub.cancel_at = input.cancelAtPeriodEnd ? (sub.items.data[0]?.current_period_end ?? null) : null;
      sub.canceled_at = input.cancelAtPeriodEnd ? this.now() : null;
      sub.cancellation_details.reason = input.cancelAtPeriodEnd ? 'cancellation_requested' : null;
    }
    if (input.comment !== undefined) sub.cancellation_details.comment = input.comment;
    if (input.feedback !== undefined) sub.cancellation_details.feedback = input.feedback;
    if (input.metadata) sub.metadata = mergeMetadata(sub.metadata, input.metadata);
    if (input.description !== undefined) sub.description = input.description;
    const changes = changedAttributes(before, sub);
    const events =
      Object.keys(changes).length > 0 ? [this.event('customer.subscription.updated', sub, changes, request)] : [];
    return { subscription: sub, events };
  }

  /** The reminder Stripe sends three days before a trial ends. */
  trialWillEnd(id: string): StripeEvent {
    const sub = this.getSubscriptionRecord(id).subscription;
    if (sub.status !== 'trialing') throw invalidParam('subscription', 'This subscription is not in a trial period.');
    return this.event('customer.subscription.trial_will_end', sub);
  }

  // Billing portal

  createPortalSession(input: {
    customer: string;
    returnUrl: string | null;
    locale: string | null;
  }): StripePortalSession {
    if (!this.customers.has(input.customer)) throw noSuchParam('customer', input.customer, 'customer');
    const id = prefixedId('bps_', 24);
    const session: StripePortalSession = {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_emulator_default',
      created: this.now(),
      customer: input.customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: input.locale,
      on_behalf_of: null,
      return_url: input.returnUrl,
      url: `${this.publicUrl()}/p/session/${id}`,
    };
    this.portalSessions.set(id, session);
    return session;
  }

  /** Portal links are short-lived: five minutes to open them. */
  portalSessionUsable(session: StripePortalSession): boolean {
    return this.now() - session.created <= 5 * 60;
  }

  subscriptionsOf(customer: string): StripeSubscription[] {
    return [...this.subscriptions.values()]
      .map((r) => r.subscription)
      .filter((s) => s.customer === customer)
      .reverse();
  }

  invoicesOf(customer: string): StripeInvoice[] {
    return [...this.invoices.values()].filter((i) => i.customer === customer).reverse();
  }

  // Events

  /** Records an event with a snapshot of the object as it is now. */
  event(
    type: StripeEventType,
    object: unknown,
    previousAttributes?: Record<string, unknown>,
    request: RequestInfo = NO_REQUEST,
  ): StripeEvent {
    const event: StripeEvent = {
      id: prefixedId('evt_', 24),
      object: 'event',
      api_version: EMULATED_API_VERSION,
      created: this.now(),
      data: previousAttributes
        ? { object: structuredClone(object), previous_attributes: previousAttributes }
        : { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: request.id, idempotency_key: request.idempotencyKey },
      type,
    };
    this.events.set(event.id, event);
    return event;
  }

  getEvent(id: string): StripeEvent {
    const event = this.events.get(id);
    if (!event) throw noSuchObject('event', id);
    return event;
  }
}

function customerDetails(email: string | null, name: string | null): StripeCheckoutSession['customer_details'] {
  return {
    address: null,
    business_name: null,
    email,
    individual_name: null,
    name,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
}

/** Stripe metadata updates merge; an empty value deletes the key. */
export function mergeMetadata(current: Metadata, update: Metadata): Metadata {
  if (Object.keys(update).length === 0) return {};
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

function snapshot(value: StripeSubscription): StripeSubscription {
  return structuredClone(value);
}

/** `previous_attributes`: the old values of the top-level fields that changed. */
export function changedAttributes(before: object, after: object): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  for (const key of Object.keys(now)) {
    if (JSON.stringify(old[key]) !== JSON.stringify(now[key])) changes[key] = old[key];
  }
  return changes;
}
