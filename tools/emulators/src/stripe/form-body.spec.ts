import { describe, expect, it } from '@jest/globals';
import { formPairs, parseFormBody, parseKeyPath } from './form-body.js';

describe('parseKeyPath', () => {
  it('splits bracketed keys and marks [] as append', () => {
    expect(parseKeyPath('line_items[0][price]')).toEqual(['line_items', '0', 'price']);
    expect(parseKeyPath('expand[]')).toEqual(['expand', '\u0000append']);
    expect(parseKeyPath('plain')).toEqual(['plain']);
  });

  it('takes a malformed key literally', () => {
    expect(parseKeyPath('a[b')).toEqual(['a[b']);
  });
});

describe('parseFormBody', () => {
  it('parses what stripe-node sends for a checkout session', () => {
    const body = [
      'mode=subscription',
      'line_items[0][price]=price_123',
      'line_items[0][quantity]=1',
      'subscription_data[trial_period_days]=30',
      'subscription_data[metadata][user_id]=u_1',
      'discounts[0][promotion_code]=promo_1',
      'success_url=' + encodeURIComponent('https://app.test/ok?session_id={CHECKOUT_SESSION_ID}'),
      'expand[0]=subscription',
      'expand[1]=customer',
    ].join('&');
    expect(parseFormBody(body)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_123', quantity: '1' }],
      subscription_data: { trial_period_days: '30', metadata: { user_id: 'u_1' } },
      discounts: [{ promotion_code: 'promo_1' }],
      success_url: 'https://app.test/ok?session_id={CHECKOUT_SESSION_ID}',
      expand: ['subscription', 'customer'],
    });
  });

  it('accepts percent-encoded brackets, [] arrays and + as space', () => {
    expect(parseFormBody('lookup_keys%5B%5D=a&lookup_keys%5B%5D=b&name=Jo+Runner')).toEqual({
      lookup_keys: ['a', 'b'],
      name: 'Jo Runner',
    });
  });

  it('orders indexed arrays by index, not by arrival', () => {
    expect(parseFormBody('x[1]=b&x[0]=a&x[10]=c')).toEqual({ x: ['a', 'b', 'c'] });
  });

  it('keeps empty values (Stripe uses them to unset)', () => {
    expect(parseFormBody('description=&metadata[k]=')).toEqual({ description: '', metadata: { k: '' } });
  });

  it('decodes pairs in order', () => {
    expect(formPairs('a=1&b=%20&c')).toEqual([
      ['a', '1'],
      ['b', ' '],
      ['c', ''],
    ]);
  });
});
