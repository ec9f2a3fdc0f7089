import type { Clock } from '../common/clock.js';
import { unixSeconds } from '../common/clock.js';
import type { Interval } from './objects/shared.js';
import { Prices, Products } from './stores/catalog.js';
import { CheckoutSessions } from './stores/checkout-sessions.js';
import { Customers } from './stores/customers.js';
import { Coupons, PromotionCodes } from './stores/discounts.js';
import { Events } from './stores/events.js';
import { Invoices } from './stores/invoices.js';
import { PortalSessions } from './stores/portal-sessions.js';
import type { Account } from './stores/store.js';
import { Subscriptions } from './stores/subscriptions.js';

export type { CheckoutCreateInput, CheckoutRecord } from './stores/checkout-sessions.js';
export type { CouponInput, PromotionCodeInput } from './stores/discounts.js';
export type { RequestInfo } from './stores/events.js';
export type { SubscriptionRecord } from './stores/subscription-record.js';
export type { BillingOutcome } from './stores/subscriptions.js';

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

/**
 * Every object of one emulated Stripe account, in memory: one store per Stripe resource
 * (`stores/`; their `/v1` routes are in `resources/`), wired together here.
 */
export class StripeState implements Account {
  readonly events = new Events(this);
  readonly customers = new Customers(this);
  readonly products = new Products(this);
  readonly prices = new Prices(this, this.products);
  readonly coupons = new Coupons(this);
  readonly promotionCodes = new PromotionCodes(this, this.coupons, this.customers);
  readonly invoices = new Invoices(this, this.customers, this.products);
  readonly subscriptions = new Subscriptions(this, this.invoices, this.events);
  readonly checkoutSessions = new CheckoutSessions(this, this);
  readonly portalSessions = new PortalSessions(this, this.customers);

  constructor(
    private readonly clock: Clock,
    readonly publicUrl: () => string,
    private readonly seedPrices: SeedPrice[] = DEFAULT_SEED_PRICES,
  ) {
    this.seed();
  }

  now(): number {
    return unixSeconds(this.clock);
  }

  reset(): void {
    for (const store of this.stores()) store.clear();
    this.seed();
  }

  /** Finds any object by id, for `expand[]`. */
  resolve(id: string): unknown {
    const stores: Array<Map<string, unknown>> = [
      this.customers,
      this.products,
      this.prices,
      this.promotionCodes,
      this.invoices,
      this.portalSessions,
      this.events,
      this.coupons,
    ];
    for (const store of stores) {
      const found = store.get(id);
      if (found) return found;
    }
    return this.subscriptions.get(id)?.subscription ?? this.checkoutSessions.get(id)?.session;
  }

  private stores(): Array<Map<string, unknown>> {
    return [
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
    ];
  }

  private seed(): void {
    for (const seed of this.seedPrices) {
      const product = this.products.create({ name: seed.productName, metadata: {} });
      this.prices.create({
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
}
