/** Products and prices: what can be sold. The seed price is found by its lookup key. */
import { prefixedId } from '../../common/ids.js';
import { invalidParam, noSuchParam } from '../errors.js';
import type { StripePrice, StripeProduct } from '../objects/catalog.js';
import type { Interval, Metadata } from '../objects/shared.js';
import { Store, type Account } from './store.js';

export class Products extends Store<StripeProduct> {
  constructor(private readonly account: Account) {
    super('product');
  }

  create(input: { name: string; description?: string | null; metadata: Metadata; id?: string }): StripeProduct {
    const id = input.id ?? prefixedId('prod_', 14);
    if (this.has(id)) throw invalidParam('id', `Product already exists.`);
    const now = this.account.now();
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
    this.set(product.id, product);
    return product;
  }
}

export interface PriceInput {
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
}

export class Prices extends Store<StripePrice> {
  constructor(
    private readonly account: Account,
    private readonly products: Products,
  ) {
    super('price');
  }

  create(input: PriceInput): StripePrice {
    if (!this.products.has(input.product)) throw noSuchParam('product', input.product, 'product');
    if (input.lookupKey) {
      const holder = [...this.values()].find((p) => p.lookup_key === input.lookupKey);
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
      created: this.account.now(),
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
    this.set(price.id, price);
    const product = this.products.get(input.product)!;
    product.default_price ??= price.id;
    return price;
  }
}
