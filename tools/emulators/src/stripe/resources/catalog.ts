/** Products and prices: what can be sold. The seed price is found by its lookup key. */
import type { Router } from '../../common/http.js';
import { prefixedId } from '../../common/ids.js';
import { listOptions, readParams, type ApiContext, type ApiReply } from '../api.js';
import { invalidParam, missingParam, noSuchParam } from '../errors.js';
import { paginate, type Interval, type Metadata, type StripePrice, type StripeProduct } from '../objects.js';
import { PAGINATION_PARAMS } from '../params.js';
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

export function registerCatalogRoutes(router: Router, { state }: ApiContext, { ok }: ApiReply): void {
  router.post('/v1/products', (req) => {
    const p = readParams(req).allowOnly([
      'name',
      'active',
      'default_price_data',
      'description',
      'expand',
      'id',
      'images',
      'marketing_features',
      'metadata',
      'package_dimensions',
      'shippable',
      'statement_descriptor',
      'tax_code',
      'tax_details',
      'type',
      'unit_label',
      'url',
    ]);
    return ok(
      req,
      p,
      state.products.create({
        name: p.requiredString('name'),
        description: p.string('description') ?? null,
        metadata: p.metadata() ?? {},
        id: p.string('id'),
      }),
    );
  });
  router.get('/v1/products/:id', (req) => {
    const p = readParams(req).allowOnly(['expand']);
    return ok(req, p, state.products.retrieve(req.params.id!));
  });

  router.post('/v1/prices', (req) => {
    const p = readParams(req).allowOnly([
      'currency',
      'active',
      'billing_scheme',
      'currency_options',
      'custom_unit_amount',
      'expand',
      'lookup_key',
      'metadata',
      'nickname',
      'product',
      'product_data',
      'recurring',
      'tax_behavior',
      'tiers',
      'tiers_mode',
      'transfer_lookup_key',
      'transform_quantity',
      'unit_amount',
      'unit_amount_decimal',
    ]);
    const currency = p.requiredString('currency');
    let product = p.string('product');
    const productData = p.object('product_data');
    if (product && productData) {
      throw invalidParam('product_data', 'You may only specify one of these parameters: product, product_data.');
    }
    if (!product) {
      if (!productData) throw missingParam('product');
      product = state.products.create({
        name: productData.requiredString('name'),
        metadata: productData.metadata() ?? {},
      }).id;
    }
    const unitAmount = p.integer('unit_amount', { min: 0 }) ?? p.decimal('unit_amount_decimal');
    if (unitAmount === undefined) throw missingParam('unit_amount');
    const recurring = p.object('recurring');
    const interval = recurring?.oneOf<Interval>('interval', ['day', 'week', 'month', 'year']);
    if (recurring && !interval) throw missingParam('recurring[interval]');
    return ok(
      req,
      p,
      state.prices.create({
        product,
        unitAmount: Math.round(unitAmount),
        currency,
        interval: interval ?? null,
        intervalCount: recurring?.integer('interval_count', { min: 1 }) ?? 1,
        lookupKey: p.string('lookup_key') ?? null,
        transferLookupKey: p.boolean('transfer_lookup_key') ?? false,
        nickname: p.string('nickname') ?? null,
        metadata: p.metadata() ?? {},
        active: p.boolean('active') ?? true,
      }),
    );
  });
  router.get('/v1/prices', (req) => {
    const p = readParams(req).allowOnly([
      'active',
      'created',
      'currency',
      'lookup_keys',
      'product',
      'recurring',
      'type',
      ...PAGINATION_PARAMS,
    ]);
    const lookupKeys = p.stringArray('lookup_keys');
    if (lookupKeys && lookupKeys.length > 10) throw invalidParam('lookup_keys', 'You may pass at most 10 lookup keys.');
    const active = p.boolean('active');
    const product = p.string('product');
    const type = p.oneOf('type', ['one_time', 'recurring']);
    const currency = p.string('currency')?.toLowerCase();
    const all = [...state.prices.values()]
      .reverse()
      .filter(
        (price) =>
          (!lookupKeys || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
          (active === undefined || price.active === active) &&
          (!product || price.product === product) &&
          (!type || price.type === type) &&
          (!currency || price.currency === currency),
      );
    return ok(req, p, paginate(all, '/v1/prices', listOptions(p)));
  });
  router.get('/v1/prices/:id', (req) => {
    const p = readParams(req).allowOnly(['expand']);
    return ok(req, p, state.prices.retrieve(req.params.id!));
  });
}
