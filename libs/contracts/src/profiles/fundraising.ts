/** Spec 9: raised divided by goal, as a percentage from 0 to 100 (a goal of 0 shows 0). */
export function progressPercent(raised: string | number, goal: string | number): number {
  const r = Number(raised);
  const g = Number(goal);
  if (!Number.isFinite(r) || !Number.isFinite(g) || g <= 0 || r <= 0) return 0;
  return Math.min(100, (r / g) * 100);
}

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** $1,250 for whole amounts, $12.50 otherwise; amounts arrive as decimal strings (spec 3). */
export function formatMoney(amount: string | number): string {
  const n = Number(amount);
  if (!Number.isFinite(n)) return wholeDollars.format(0);
  return Number.isInteger(n) ? wholeDollars.format(n) : withCents.format(n);
}
