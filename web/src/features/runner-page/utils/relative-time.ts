import { onFirstUse } from '@/lib/lazy';

const relative = onFirstUse(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

/** "updated 5 minutes ago", "updated just now"; for the totals' sync time. */
export function updatedAgo(iso: string, now = Date.now()): string {
  let amount = (Date.parse(iso) - now) / 1000;
  if (Number.isNaN(amount)) return '';
  if (Math.abs(amount) < 45) return 'updated just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return `updated ${relative().format(Math.round(amount), unit)}`;
    amount /= size;
  }
  return '';
}
