/** Checkout sessions: the hosted page a runner pays on; completing one starts a subscription. */
import { prefixedId, randomToken } from '../../common/ids.js';
import { StripeApiError, invalidParam, noSuchParam } from '../errors.js';
import { planFromPrice } from '../objects/catalog.js';
import type { StripeCheckoutSession } from '../objects/checkout-sessions.js';
import { applyCoupon, type StripeDiscount } from '../objects/discounts.js';
import type { StripeEvent } from '../objects/events.js';
import type { Metadata } from '../objects/shared.js';
import { addInterval, type StripeSubscriptionItem } from '../objects/subscriptions.js';
import type { Prices } from './catalog.js';
import type { Customers } from './customers.js';
import type { Coupons, PromotionCodes } from './discounts.js';
import { NO_REQUEST, type Events, type RequestInfo } from './events.js';
import type { Invoices } from './invoices.js';
import { Store, type Account } from './store.js';
import type { Subscriptions } from './subscriptions.js';

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

/** The resources a checkout reads and what its completion creates. */
export interface CheckoutDependencies {
  customers: Customers;
  prices: Prices;
  coupons: Coupons;
  promotionCodes: PromotionCodes;
  subscriptions: Subscriptions;
  invoices: Invoices;
  events: Events;
}

export class CheckoutSessions extends Store<CheckoutRecord> {
  private readonly customers: Customers;
  private readonly prices: Prices;
  private readonly coupons: Coupons;
  private readonly promotionCodes: PromotionCodes;
  private readonly subscriptions: Subscriptions;
  private readonly invoices: Invoices;
  private readonly events: Events;

  constructor(
    private readonly account: Account,
    deps: CheckoutDependencies,
  ) {
    super('checkout.session');
    this.customers = deps.customers;
    this.prices = deps.prices;
    this.coupons = deps.coupons;
    this.promotionCodes = deps.promotionCodes;
    this.subscriptions = deps.subscriptions;
    this.invoices = deps.invoices;
    this.events = deps.events;
  }

  create(input: CheckoutCreateInput): StripeCheckoutSession {
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
      const problem = this.promotionCodes.problem(promo, input.customer);
      if (problem) throw invalidParam('discounts[0][promotion_code]', problem);
      discount = { coupon: promo.promotion.coupon, promotionCode: promo.id };
    } else if (requested?.coupon) {
      const coupon = this.coupons.get(requested.coupon);
      if (!coupon) throw noSuchParam('coupon', requested.coupon, 'discounts[0][coupon]');
      const problem = this.coupons.problem(coupon);
      if (problem) throw invalidParam('discounts[0][coupon]', problem);
      discount = { coupon: coupon.id, promotionCode: null };
    }
    const now = this.account.now();
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
      url: `${this.account.publicUrl()}/c/pay/${id}`,
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
    this.set(id, record);
    return session;
  }

  override retrieve(id: string): CheckoutRecord {
    const record = super.retrieve(id);
    this.expireIfDue(record);
    return record;
  }

  private expireIfDue(record: CheckoutRecord): void {
    if (record.session.status === 'open' && record.session.expires_at <= this.account.now()) {
      record.session.status = 'expired';
      record.session.url = null;
    }
  }

  /** The amount charged today (zero during a trial) and what each period costs afterwards. */
  amounts(record: CheckoutRecord): { subtotal: number; recurring: number; recurringAfterDiscount: number } {
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
    const { subtotal, recurring, recurringAfterDiscount } = this.amounts(record);
    const today = this.hasTrial(record) ? 0 : recurringAfterDiscount;
    record.session.amount_subtotal = subtotal;
    record.session.amount_total = today;
    record.session.total_details.amount_discount = this.hasTrial(record) ? 0 : recurring - recurringAfterDiscount;
  }

  /** A code typed on the hosted page (sessions created with `allow_promotion_codes=true`). */
  applyPromotionCodeOnPage(sessionId: string, code: string): CheckoutRecord {
    const record = this.retrieve(sessionId);
    if (record.session.status !== 'open' || !record.session.allow_promotion_codes) return record;
    const trimmed = code.trim();
    if (trimmed === '') {
      record.discount = null;
      record.session.discounts = [];
      record.promotionCodeError = null;
    } else {
      const promo = this.promotionCodes.findActive(trimmed);
      const problem = promo ? this.promotionCodes.problem(promo, record.session.customer) : 'This code is invalid.';
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

  expire(id: string, request: RequestInfo = NO_REQUEST): { session: StripeCheckoutSession; events: StripeEvent[] } {
    const record = this.retrieve(id);
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
      events: [this.events.record('checkout.session.expired', record.session, undefined, request)],
    };
  }

  /**
   * What "Start trial" does: creates the customer (when needed), the subscription (trialing, or active and
   * paid without a trial), its first invoice, completes the session, and returns the events it caused.
   */
  complete(
    sessionId: string,
    input: { email: string | null; name: string | null },
  ): { record: CheckoutRecord; events: StripeEvent[] } {
    const record = this.retrieve(sessionId);
    const session = record.session;
    if (session.status !== 'open') {
      throw new StripeApiError(
        400,
        `This Checkout Session is ${session.status}.`,
        undefined,
        'checkout_session_not_open',
      );
    }
    const now = this.account.now();
    const email = session.customer_email ?? input.email;
    const customer = session.customer
      ? this.customers.retrieve(session.customer)
      : this.customers.create({ email, name: input.name, description: null, phone: null, metadata: {} });

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

    const subRecord = this.subscriptions.create({
      id: subscriptionId,
      customer: customer.id,
      currency: session.currency,
      items,
      discount,
      description: record.subscriptionDescription,
      metadata: record.subscriptionMetadata,
      trialEnd,
      now,
    });
    const { subscription } = subRecord;
    customer.invoice_settings.default_payment_method = subscription.default_payment_method;

    const invoice = this.invoices.createForSubscription(subRecord, 'subscription_create', {
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
      this.events.record('customer.subscription.created', subscription),
      this.events.record('invoice.paid', invoice),
      this.events.record('checkout.session.completed', session),
    ];
    return { record, events };
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
