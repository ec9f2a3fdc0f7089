import { formatMoney, type Pledge } from '@runpledge/contracts';
import { countsLabel, formatDistance, formatRate, STATUS_LABEL } from '../utils/pledge-wording';

/** One pledge as its supporter sees it after a mail link, in its page's currency. */
export function PledgeDetails({ pledge }: { pledge: Pledge }) {
  const { currency } = pledge;
  const rows: [string, string][] = [
    ['Name', pledge.name],
    ['Pledge', formatRate(pledge.ratePerUnit, pledge.unit, currency)],
    ['Cap', pledge.cap === null ? 'None' : formatMoney(pledge.cap, currency)],
    ['Counts', countsLabel(pledge.counts, pledge.unit)],
    ['Counted so far', formatDistance(pledge.distanceCounted, pledge.unit)],
    ['Earned so far', formatMoney(pledge.earned, currency)],
    ['Status', STATUS_LABEL[pledge.status]],
  ];
  return (
    <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" data-testid="pledge-details">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="font-semibold break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
