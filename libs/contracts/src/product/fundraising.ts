/** Spec 9: raised divided by goal, as a percentage from 0 to 100 (a goal of 0 shows 0). */
export function progressPercent(raised: string | number, goal: string | number): number {
  const r = Number(raised);
  const g = Number(goal);
  if (!Number.isFinite(r) || !Number.isFinite(g) || g <= 0 || r <= 0) return 0;
  return Math.min(100, (r / g) * 100);
}

const formatters = new Map<string, { whole: Intl.NumberFormat; cents: Intl.NumberFormat }>();

function formattersFor(currency: string, locale: string) {
  const key = `${locale}|${currency}`;
  let found = formatters.get(key);
  if (!found) {
    let code = currency;
    try {
      new Intl.NumberFormat(locale, { style: 'currency', currency: code });
    } catch {
      code = 'USD';
    }
    found = {
      whole: new Intl.NumberFormat(locale, { style: 'currency', currency: code, maximumFractionDigits: 0 }),
      cents: new Intl.NumberFormat(locale, { style: 'currency', currency: code, minimumFractionDigits: 2 }),
    };
    formatters.set(key, found);
  }
  return found;
}

/**
 * $1,250 for whole amounts, $12.50 otherwise; amounts arrive as decimal strings (spec 3). Another ISO
 * 4217 currency (JustGiving pages are often GBP) formats as that currency: £1,250.
 */
export function formatMoney(amount: string | number, currency = 'USD', locale = 'en-US'): string {
  const n = Number(amount);
  const { whole, cents } = formattersFor(currency.toUpperCase(), locale);
  if (!Number.isFinite(n)) return whole.format(0);
  return Number.isInteger(n) ? whole.format(n) : cents.format(n);
}
