import type { DistanceUnit, PledgeCurrencyTotal, PledgeStatus } from '@runpledge/contracts';
import { rateIn } from './pledge-earnings.js';

export interface TotalInput {
  currency: string;
  status: PledgeStatus;
  ratePerUnit: number;
  unit: DistanceUnit;
  earned: number;
}

export type CurrencyTotal = PledgeCurrencyTotal & { due: number };

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * A page's pledges summed per currency, never across: how many count (not cancelled), their rates per
 * `unit`, what they earned, what is paid and what is due. The page's own currency comes first, then
 * the others by count; a currency whose pledges were all cancelled is left out.
 */
export function totalsByCurrency(pledges: TotalInput[], unit: DistanceUnit, pageCurrency: string): CurrencyTotal[] {
  const byCurrency = new Map<string, CurrencyTotal>();
  for (const p of pledges) {
    if (p.status === 'cancelled') continue;
    const total = byCurrency.get(p.currency) ?? {
      currency: p.currency,
      count: 0,
      ratePerUnitTotal: 0,
      earned: 0,
      paid: 0,
      due: 0,
    };
    total.count += 1;
    total.ratePerUnitTotal += rateIn(p.ratePerUnit, p.unit, unit);
    total.earned += p.earned;
    if (p.status === 'paid') total.paid += p.earned;
    if (p.status === 'due') total.due += p.earned;
    byCurrency.set(p.currency, total);
  }
  return [...byCurrency.values()]
    .map((t) => ({
      ...t,
      ratePerUnitTotal: cents(t.ratePerUnitTotal),
      earned: cents(t.earned),
      paid: cents(t.paid),
      due: cents(t.due),
    }))
    .sort(
      (a, b) =>
        Number(b.currency === pageCurrency) - Number(a.currency === pageCurrency) ||
        b.count - a.count ||
        a.currency.localeCompare(b.currency),
    );
}
