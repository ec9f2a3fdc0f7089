import { describe, expect, it } from '@jest/globals';
import { totalsByCurrency, type TotalInput } from './pledge-totals.js';

const pledge = (over: Partial<TotalInput>): TotalInput => ({
  currency: 'GBP',
  status: 'active',
  ratePerUnit: 1,
  unit: 'mi',
  earned: 0,
  ...over,
});

describe('pledge totals per currency', () => {
  it('never adds two currencies: one total each, the page currency first, then by count', () => {
    const totals = totalsByCurrency(
      [
        pledge({ currency: 'SEK', ratePerUnit: 10, earned: 100, status: 'due' }),
        pledge({ currency: 'SEK', ratePerUnit: 5, earned: 20.1, status: 'paid' }),
        pledge({ currency: 'EUR', ratePerUnit: 1, earned: 3 }),
        pledge({ currency: 'GBP', ratePerUnit: 2, earned: 52.4, status: 'due' }),
        pledge({ currency: 'USD', ratePerUnit: 9, earned: 9, status: 'cancelled' }),
      ],
      'mi',
      'GBP',
    );
    expect(totals).toEqual([
      { currency: 'GBP', count: 1, ratePerUnitTotal: 2, earned: 52.4, paid: 0, due: 52.4 },
      { currency: 'SEK', count: 2, ratePerUnitTotal: 15, earned: 120.1, paid: 20.1, due: 100 },
      { currency: 'EUR', count: 1, ratePerUnitTotal: 1, earned: 3, paid: 0, due: 0 },
    ]);
  });

  it("states rates per the summary's unit, and nothing for a page without pledges", () => {
    expect(totalsByCurrency([pledge({ unit: 'km', ratePerUnit: 1 })], 'mi', 'GBP')[0]!.ratePerUnitTotal).toBe(1.61);
    expect(totalsByCurrency([], 'mi', 'USD')).toEqual([]);
  });
});
