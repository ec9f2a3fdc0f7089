/** `/v1/coupons` and `/v1/promotion_codes`: read the params, call the discount stores, reply. */
import type { Router } from '../../common/http.js';
import { listOptions, readParams, type ApiContext, type ApiReply } from '../api.js';
import { missingParam } from '../errors.js';
import { paginate } from '../objects/list.js';
import { PAGINATION_PARAMS } from '../params.js';

export function registerDiscountRoutes(router: Router, { state }: ApiContext, { ok }: ApiReply): void {
  router.post('/v1/coupons', (req) => {
    const p = readParams(req).allowOnly([
      'amount_off',
      'applies_to',
      'currency',
      'currency_options',
      'duration',
      'duration_in_months',
      'expand',
      'id',
      'max_redemptions',
      'metadata',
      'name',
      'percent_off',
      'redeem_by',
    ]);
    return ok(
      req,
      p,
      state.coupons.create({
        id: p.string('id'),
        percentOff: p.decimal('percent_off') ?? null,
        amountOff: p.integer('amount_off', { min: 1 }) ?? null,
        currency: p.string('currency') ?? null,
        duration: p.oneOf('duration', ['forever', 'once', 'repeating']) ?? 'once',
        durationInMonths: p.integer('duration_in_months', { min: 1 }) ?? null,
        name: p.string('name') ?? null,
        maxRedemptions: p.integer('max_redemptions', { min: 1 }) ?? null,
        redeemBy: p.integer('redeem_by') ?? null,
        metadata: p.metadata() ?? {},
      }),
    );
  });
  router.get('/v1/coupons/:id', (req) => {
    const p = readParams(req).allowOnly(['expand']);
    return ok(req, p, state.coupons.retrieve(req.params.id!));
  });

  router.post('/v1/promotion_codes', (req) => {
    const p = readParams(req).allowOnly([
      'promotion',
      'active',
      'code',
      'customer',
      'customer_account',
      'expand',
      'expires_at',
      'max_redemptions',
      'metadata',
      'restrictions',
    ]);
    const promotion = p.object('promotion');
    if (!promotion) throw missingParam('promotion');
    promotion.oneOf('type', ['coupon']);
    return ok(
      req,
      p,
      state.promotionCodes.create({
        coupon: promotion.requiredString('coupon'),
        code: p.string('code') ?? null,
        active: p.boolean('active') ?? true,
        customer: p.string('customer') ?? null,
        expiresAt: p.integer('expires_at') ?? null,
        maxRedemptions: p.integer('max_redemptions', { min: 1 }) ?? null,
        metadata: p.metadata() ?? {},
        firstTimeTransaction: p.object('restrictions')?.boolean('first_time_transaction') ?? false,
      }),
    );
  });
  router.get('/v1/promotion_codes', (req) => {
    const p = readParams(req).allowOnly([
      'active',
      'code',
      'coupon',
      'created',
      'customer',
      'customer_account',
      ...PAGINATION_PARAMS,
    ]);
    const code = p.string('code');
    const active = p.boolean('active');
    const coupon = p.string('coupon');
    const customer = p.string('customer');
    const all = [...state.promotionCodes.values()].reverse().filter(
      (promo) =>
        // Stripe matches codes case-insensitively.
        (code === undefined || promo.code.toLowerCase() === code.toLowerCase()) &&
        (active === undefined || promo.active === active) &&
        (!coupon || promo.promotion.coupon === coupon) &&
        (!customer || promo.customer === customer),
    );
    return ok(req, p, paginate(all, '/v1/promotion_codes', listOptions(p)));
  });
  router.get('/v1/promotion_codes/:id', (req) => {
    const p = readParams(req).allowOnly(['expand']);
    return ok(req, p, state.promotionCodes.retrieve(req.params.id!));
  });
  router.post('/v1/promotion_codes/:id', (req) => {
    const p = readParams(req).allowOnly(['active', 'expand', 'metadata', 'restrictions']);
    const promo = state.promotionCodes.retrieve(req.params.id!);
    const active = p.boolean('active');
    if (active !== undefined) promo.active = active;
    const metadata = p.metadata();
    if (metadata) promo.metadata = { ...promo.metadata, ...metadata };
    return ok(req, p, promo);
  });
}
