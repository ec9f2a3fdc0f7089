import { formatMoney, type ManagePledgesResponse, type OwnerPledge } from '@runpledge/contracts';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast-context';
import { Pager } from '@/components/ui/pager';
import { useClosePledges } from '../api/close-pledges';
import { useManagedPledges } from '../api/get-managed-pledges';
import { useRemovePledge } from '../api/remove-pledge';
import {
  countsLabel,
  formatDistance,
  formatRate,
  otherCurrencies,
  STATUS_LABEL,
  supportersPledge,
  UNIT_WORD,
} from '../utils/pledge-wording';

export const PLEDGE_PANEL_MESSAGES = {
  loadFailed: 'Failed to load the pledges',
  closeFailed: 'The pledges could not be closed. Please try again.',
  removed: (name: string) => `${name}'s pledge was removed`,
  removeFailed: 'The pledge could not be removed. Please try again.',
  closed: (due: number) =>
    due === 1
      ? '1 pledge is now due: its supporter is e-mailed'
      : `${due} pledges are now due: their supporters are e-mailed`,
} as const;

/** Pledges that still wait for the runner to finish: "I've finished" makes them due. */
const OPEN_STATUSES = new Set<OwnerPledge['status']>(['active']);

/**
 * The runner's pledges of one page: per supporter what was pledged (rate, cap, what counts), earned,
 * due and paid, and its status, newest first, 50 a page; "I've finished" makes every active pledge
 * fall due now; "Remove" takes one off the page for good.
 */
export function PledgePanel({ page }: { page: { id: string; name: string; urlSlug: string } }) {
  const [listPage, setListPage] = useState(1);
  const pledges = useManagedPledges(page.id, listPage);
  return (
    <Card
      className="flex flex-col gap-4"
      aria-label={`Pledges of ${page.name}`}
      role="region"
      data-testid="pledge-panel"
    >
      <h3 className="text-lg font-bold break-words text-brand-950">
        {page.name} <span className="text-sm font-normal text-muted-foreground">/{page.urlSlug}</span>
      </h3>
      {pledges.isPending ? (
        <Skeleton role="status" aria-label="Loading pledges" className="h-16" />
      ) : pledges.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p className="font-semibold text-danger-800">{PLEDGE_PANEL_MESSAGES.loadFailed}</p>
          <Button variant="outline" size="sm" onClick={() => void pledges.refetch()}>
            Try again
          </Button>
        </div>
      ) : pledges.data.pledges.length === 0 ? (
        <p className="text-muted-foreground">
          No pledges yet. Supporters pledge per {UNIT_WORD[pledges.data.summary.unit]} from your page.
        </p>
      ) : (
        <PanelBody profileId={page.id} data={pledges.data} busy={pledges.isPlaceholderData} onPage={setListPage} />
      )}
    </Card>
  );
}

function PanelBody({
  profileId,
  data: { summary, pledges, page, totalPages },
  busy,
  onPage,
}: {
  profileId: string;
  data: ManagePledgesResponse;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const { toast } = useToast();
  const close = useClosePledges();
  const remove = useRemovePledge();
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState<OwnerPledge | null>(null);
  const money = (amount: number) => formatMoney(amount, summary.currency);
  const { unit } = summary;
  const others = otherCurrencies(summary.totals, summary.currency);
  const count = summary.totals.find((total) => total.currency === summary.currency)?.count ?? summary.count;
  // Active ones on this page of the list; other pages may hold more.
  const open = pledges.filter((pledge) => OPEN_STATUSES.has(pledge.status)).length;
  const mayClose = open > 0 || totalPages > 1;

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync({ profileId, pledgeId: removing.id });
      toast({ title: PLEDGE_PANEL_MESSAGES.removed(removing.name), variant: 'success' });
      setRemoving(null);
    } catch {
      toast({ title: PLEDGE_PANEL_MESSAGES.removeFailed, variant: 'destructive' });
    }
  };

  const confirmClose = async () => {
    try {
      const { due } = await close.mutateAsync(profileId);
      toast({ title: PLEDGE_PANEL_MESSAGES.closed(due), variant: 'success' });
      setConfirming(false);
    } catch {
      toast({ title: PLEDGE_PANEL_MESSAGES.closeFailed, variant: 'destructive' });
    }
  };

  return (
    <>
      <div>
        <p className="font-semibold" data-testid="pledge-panel-summary">
          {supportersPledge(count)} {formatRate(summary.ratePerUnitTotal, unit, summary.currency)}:{' '}
          {money(summary.earned)} earned at {formatDistance(summary.distanceCounted, unit)}
        </p>
        <p className="text-sm text-muted-foreground">
          {money(summary.due)} due · {money(summary.paid)} paid
        </p>
        {others && (
          <p className="text-sm text-muted-foreground" data-testid="pledge-panel-other-currencies">
            Also pledged in other currencies: {others}
          </p>
        )}
      </div>
      <ul aria-label="Supporters' pledges" className="divide-y divide-border rounded-lg border border-border">
        {pledges.map((pledge) => (
          <PledgeRow key={pledge.id} pledge={pledge} onRemove={() => setRemoving(pledge)} />
        ))}
      </ul>
      <Pager label="Pledge pages" page={page} totalPages={totalPages} busy={busy} onPage={onPage} />
      {summary.closedAt ? (
        <p className="text-sm text-muted-foreground">
          You finished on {new Date(summary.closedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}: your
          supporters have been e-mailed what they owe.
        </p>
      ) : (
        mayClose && (
          <div className="flex flex-col items-start gap-2">
            <Button onClick={() => setConfirming(true)}>I&apos;ve finished</Button>
            <p className="text-sm text-muted-foreground">Otherwise the pledges fall due the day after your marathon.</p>
          </div>
        )
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Have you finished?"
        description={`${totalPages > 1 ? 'Every active pledge falls' : open === 1 ? 'The active pledge falls' : `All ${open} active pledges fall`} due now: each supporter is e-mailed what they owe, with a link to give on your fundraising page. This cannot be undone.`}
        confirmLabel="Yes, I've finished"
        destructive={false}
        onConfirm={confirmClose}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(next) => !next && setRemoving(null)}
        title={`Remove ${removing?.name ?? 'this'}'s pledge?`}
        description="It leaves your page and its sums at once, and its supporter gets no more mail about it. This cannot be undone."
        confirmLabel="Remove pledge"
        onConfirm={confirmRemove}
      />
    </>
  );
}

/** One supporter's pledge, in its own currency, with its Remove button. */
function PledgeRow({ pledge, onRemove }: { pledge: OwnerPledge; onRemove: () => void }) {
  const money = (amount: number) => formatMoney(amount, pledge.currency);
  const { unit } = pledge;
  return (
    <li className="flex flex-col gap-2 p-3 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-semibold break-words">{pledge.name}</p>
        <Badge
          tone={
            pledge.status === 'due'
              ? 'accent'
              : pledge.status === 'active' || pledge.status === 'paid'
                ? 'brand'
                : 'neutral'
          }
        >
          {STATUS_LABEL[pledge.status]}
        </Badge>
      </div>
      <p className="text-sm text-neutral-700">
        {formatRate(pledge.ratePerUnit, unit, pledge.currency)}
        {pledge.cap !== null && <>, up to {money(pledge.cap)}</>} · {countsLabel(pledge.counts, unit)}
      </p>
      {pledge.message && <p className="text-sm break-words text-neutral-700">“{pledge.message}”</p>}
      <dl className="grid grid-cols-3 gap-2 text-sm">
        {(
          [
            ['Earned', pledge.earned],
            ['Due', pledge.due],
            ['Paid', pledge.paid],
          ] as const
        ).map(([term, amount]) => (
          <div key={term}>
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-semibold tabular-nums">{money(amount)}</dd>
          </div>
        ))}
      </dl>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        aria-label={`Remove ${pledge.name}'s pledge`}
        onClick={onRemove}
      >
        Remove
      </Button>
    </li>
  );
}
