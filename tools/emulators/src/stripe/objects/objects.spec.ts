import { describe, expect, it } from '@jest/globals';
import { StripeApiError } from '../errors.js';
import { describeRecurringPrice } from './catalog.js';
import { substituteSessionId } from './checkout-sessions.js';
import { applyCoupon } from './discounts.js';
import { expandObject } from './expand.js';
import { paginate } from './list.js';
import { formatMoney } from './money.js';
import { addInterval } from './subscriptions.js';

const items = Array.from({ length: 5 }, (_, i) => ({ id: `obj_${5 - i}` })); // newest first

describe('paginate', () => {
  it('returns the first page with has_more and the list url', () => {
    expect(paginate(items, '/v1/things', { limit: 2 })).toEqual({
      object: 'list',
      data: [{ id: 'obj_5' }, { id: 'obj_4' }],
      has_more: true,
      url: '/v1/things',
    });
  });

  it('continues after a cursor and stops at the end', () => {
    const page = paginate(items, '/v1/things', { limit: 2, startingAfter: 'obj_2' });
    expect(page.data).toEqual([{ id: 'obj_1' }]);
    expect(page.has_more).toBe(false);
  });

  it('pages backwards with ending_before', () => {
    const page = paginate(items, '/v1/things', { limit: 2, endingBefore: 'obj_2' });
    expect(page.data).toEqual([{ id: 'obj_4' }, { id: 'obj_3' }]);
    expect(page.has_more).toBe(true);
  });

  it('rejects an unknown cursor like Stripe', () => {
    expect(() => paginate(items, '/v1/things', { startingAfter: 'nope' })).toThrow(StripeApiError);
  });
});

describe('expandObject', () => {
  const objects: Record<string, unknown> = {
    cus_1: { id: 'cus_1', object: 'customer', email: 'a@b.c' },
    sub_1: { id: 'sub_1', object: 'subscription', latest_invoice: 'in_1' },
    in_1: { id: 'in_1', object: 'invoice', total: 500 },
    co_1: { id: 'co_1', object: 'coupon', percent_off: 20 },
  };
  const resolve = (id: string) => objects[id];

  it('replaces ids by objects, nested paths included, without touching the original', () => {
    const session = { id: 'cs_1', customer: 'cus_1', subscription: 'sub_1' };
    const expanded = expandObject(session, ['customer', 'subscription.latest_invoice'], resolve);
    expect(expanded).toEqual({
      id: 'cs_1',
      customer: objects.cus_1,
      subscription: { id: 'sub_1', object: 'subscription', latest_invoice: objects.in_1 },
    });
    expect(session.customer).toBe('cus_1');
  });

  it('expands inside lists with data.', () => {
    const list = { object: 'list', data: [{ id: 'promo_1', promotion: { coupon: 'co_1', type: 'coupon' } }] };
    const expanded = expandObject(list, ['data.promotion.coupon'], resolve);
    expect(expanded.data[0]!.promotion.coupon).toEqual(objects.co_1);
  });

  it('leaves null references alone and refuses unknown properties', () => {
    expect(expandObject({ customer: null }, ['customer'], resolve)).toEqual({ customer: null });
    expect(() => expandObject({ customer: 'cus_1' }, ['nope'], resolve)).toThrow(
      'This property cannot be expanded (nope).',
    );
  });
});

describe('money and periods', () => {
  it('formats amounts in minor units', () => {
    expect(formatMoney(500, 'usd')).toBe('$5.00');
    expect(describeRecurringPrice(500, 'usd', 'month', 1)).toBe('$5.00/month');
    expect(describeRecurringPrice(1500, 'usd', 'month', 3)).toBe('$15.00 every 3 months');
  });

  it('applies percent and amount coupons, never below zero', () => {
    expect(applyCoupon(500, { percent_off: 20, amount_off: null })).toBe(400);
    expect(applyCoupon(500, { percent_off: null, amount_off: 700 })).toBe(0);
    expect(applyCoupon(500, undefined)).toBe(500);
  });

  it('adds calendar months, clamping to the last day', () => {
    const jan31 = Date.UTC(2026, 0, 31, 12) / 1000;
    expect(new Date(addInterval(jan31, 'month') * 1000).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(addInterval(1000, 'day', 2)).toBe(1000 + 2 * 86_400);
  });

  it('substitutes the checkout session id placeholder', () => {
    expect(substituteSessionId('https://x.test/ok?sid={CHECKOUT_SESSION_ID}', 'cs_test_1')).toBe(
      'https://x.test/ok?sid=cs_test_1',
    );
  });
});
