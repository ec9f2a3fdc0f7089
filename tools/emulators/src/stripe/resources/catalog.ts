/** `/v1/products` and `/v1/prices`: read the params, call the catalog stores, reply. */
import type { Router } from '../../common/http.js';
import { listOptions, readParams, type ApiContext, type ApiReply } from '../api.js';
import { invalidParam, missingParam } from '../errors.js';
import { paginate } from '../objects/list.js';
import type { Interval } from '../objects/shared.js';
import { PAGINATION_PARAMS } from '../params.js';

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
