import {
  formatMoney,
  PLEDGE_DISTANCE_SOURCES,
  type DistanceUnit,
  type PagePledgesResponse,
} from '@runpledge/contracts';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { usePagePledges } from '../api/get-page-pledges';
import {
  countsLabel,
  formatDistance,
  formatRate,
  otherCurrencies,
  SOURCE_LABEL,
  supportersPledge,
  UNIT_WORD,
} from '../utils/pledge-wording';
import { PledgeButton } from './pledge-button';

interface PagePledgesProps {
  runnerProfileId: string;
  runnerName: string;
  unit: DistanceUnit;
  currency: string;
  /** Race day (YYYY-MM-DD): from the day after it, pledges are closed. */
  marathonDate: string;
}

/**
 * Whether new pledges are refused: race day has passed (UTC, as the server counts days), or the
 * runner has finished early, which shows as pledges that fell due.
 */
export function pledgesClosed(marathonDate: string, data: PagePledgesResponse | undefined, now = new Date()) {
  const today = now.toISOString().slice(0, 10);
  return today > marathonDate || (data?.pledges.some((p) => p.status === 'due' || p.status === 'paid') ?? false);
}

/**
 * A published page's pledges: the sum ("14 supporters pledge $38.50 a mile: $1,925 so far at
 * 50 mi"), the distance counted by source, each supporter's name and what they earned (never an
 * e-mail), 50 a page, largest rate first, and the Pledge button.
 */
export function PagePledges({ marathonDate, ...props }: PagePledgesProps) {
  const [page, setPage] = useState(1);
  const pledges = usePagePledges(props.runnerProfileId, page);
  const closed = pledgesClosed(marathonDate, pledges.data);
  return (
    <div className="flex flex-col gap-4" data-testid="page-pledges">
      {pledges.isPending ? (
        <div role="status" aria-label="Loading pledges" className="flex flex-col gap-2">
          <Skeleton className="h-6 w-4/5" />
          <Skeleton className="h-4 w-3/5" />
        </div>
      ) : pledges.isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 text-sm text-danger-800">
          <span>The pledges could not be loaded.</span>
          <Button variant="outline" size="sm" onClick={() => void pledges.refetch()}>
            Try again
          </Button>
        </div>
      ) : pledges.data.summary.count === 0 ? (
        <p className="text-muted-foreground">
          No pledges yet. Promise an amount for every {UNIT_WORD[props.unit]} {props.runnerName} runs.
        </p>
      ) : (
        <>
          <PledgeList data={pledges.data} />
          <Pager
            label="Pledge pages"
            page={pledges.data.page}
            totalPages={pledges.data.totalPages}
            busy={pledges.isPlaceholderData}
            onPage={setPage}
          />
        </>
      )}
      {closed ? (
        <p className="text-sm text-muted-foreground">{props.runnerName} has finished: pledges are closed.</p>
      ) : (
        <PledgeButton {...props} />
      )}
    </div>
  );
}

/** The sum in the summary's currency (others in a line of their own), then each pledge in its own. */
function PledgeList({ data: { summary, pledges } }: { data: PagePledgesResponse }) {
  const { unit, currency } = summary;
  const money = (amount: number) => formatMoney(amount, currency);
  const others = otherCurrencies(summary.totals, currency);
  // The sentence's count goes with its amounts: the supporters who pledged in its currency.
  const count = summary.totals.find((total) => total.currency === currency)?.count ?? summary.count;
  const sources = PLEDGE_DISTANCE_SOURCES.filter((source) => summary.sources[source] > 0);
  return (
    <>
      <div>
        <p className="text-lg font-semibold text-brand-950" data-testid="pledge-summary">
          {supportersPledge(count)} {formatRate(summary.ratePerUnitTotal, unit, currency)}:{' '}
          <span className="font-extrabold text-brand-900 tabular-nums">{money(summary.earned)}</span> so far at{' '}
          {formatDistance(summary.distanceCounted, unit)}
        </p>
        {sources.length > 0 && (
          <p className="mt-1 text-sm text-muted-foreground" data-testid="pledge-sources">
            Counted:{' '}
            {sources
              .map((source) => `${formatDistance(summary.sources[source], unit)} ${SOURCE_LABEL[source]}`)
              .join(', ')}
          </p>
        )}
        {others && (
          <p className="mt-1 text-sm text-muted-foreground" data-testid="pledge-other-currencies">
            Also pledged in other currencies: {others}
          </p>
        )}
        {summary.paid > 0 && <p className="mt-1 text-sm text-muted-foreground">{money(summary.paid)} paid so far</p>}
      </div>
      <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Pledges">
        {pledges.map((pledge, index) => (
          // Names are not unique and the public list carries no id: position keys the row.
          <li key={index} className="flex items-start justify-between gap-3 p-3">
            <div className="min-w-0">
              <p className="font-semibold break-words">{pledge.name}</p>
              <p className="text-sm text-muted-foreground">
                {formatRate(pledge.ratePerUnit, pledge.unit, pledge.currency)}
                {pledge.cap !== null && <>, up to {formatMoney(pledge.cap, pledge.currency)}</>} ·{' '}
                {countsLabel(pledge.counts, pledge.unit)}
              </p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <span className="font-bold text-brand-800 tabular-nums">
                {formatMoney(pledge.earned, pledge.currency)}
              </span>
              {pledge.status === 'paid' && <Badge tone="brand">Paid</Badge>}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
