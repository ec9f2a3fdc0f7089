import { formatMoney, type ManagePledgesResponse, type OwnerPledge } from '@runpledge/contracts';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast-context';
import { useClosePledges } from '../api/close-pledges';
import { useManagedPledges } from '../api/get-managed-pledges';
import {
  countsLabel,
  formatDistance,
  formatRate,
  STATUS_LABEL,
  supportersPledge,
  UNIT_WORD,
} from '../utils/pledge-wording';

export const PLEDGE_PANEL_MESSAGES = {
  loadFailed: 'Failed to load the pledges',
  closeFailed: 'The pledges could not be closed. Please try again.',
  closed: (due: number) =>
    due === 1
      ? '1 pledge is now due: its supporter is e-mailed'
      : `${due} pledges are now due: their supporters are e-mailed`,
} as const;

/** Pledges that still wait for the runner to finish: "I've finished" makes them due. */
const OPEN_STATUSES = new Set<OwnerPledge['status']>(['active']);

/**
 * The runner's pledges of one page: per supporter what was pledged (rate, cap, what counts), earned,
 * due and paid, and its status; "I've finished" makes every active pledge fall due now.
 */
export function PledgePanel({ page }: { page: { id: string; name: string; urlSlug: string } }) {
  const pledges = useManagedPledges(page.id);
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
        <PanelBody profileId={page.id} data={pledges.data} />
      )}
    </Card>
  );
}

function PanelBody({ profileId, data: { summary, pledges } }: { profileId: string; data: ManagePledgesResponse }) {
  const { toast } = useToast();
  const close = useClosePledges();
  const [confirming, setConfirming] = useState(false);
  const money = (amount: number) => formatMoney(amount, summary.currency);
  const { unit } = summary;
  const open = pledges.filter((pledge) => OPEN_STATUSES.has(pledge.status)).length;

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
          {supportersPledge(summary.count)} {formatRate(summary.ratePerUnitTotal, unit, summary.currency)}:{' '}
          {money(summary.earned)} earned at {formatDistance(summary.distanceCounted, unit)}
        </p>
        <p className="text-sm text-muted-foreground">
          {money(summary.due)} due · {money(summary.paid)} paid
        </p>
      </div>
      <ul aria-label="Supporters' pledges" className="divide-y divide-border rounded-lg border border-border">
        {pledges.map((pledge) => (
          <li key={pledge.id} className="flex flex-col gap-2 p-3 sm:p-4">
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
              {formatRate(pledge.ratePerUnit, unit, summary.currency)}
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
          </li>
        ))}
      </ul>
      {summary.closedAt ? (
        <p className="text-sm text-muted-foreground">
          You finished on {new Date(summary.closedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}: your
          supporters have been e-mailed what they owe.
        </p>
      ) : (
        open > 0 && (
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
        description={`${open === 1 ? 'The active pledge falls' : `All ${open} active pledges fall`} due now: each supporter is e-mailed what they owe, with a link to give on your fundraising page. This cannot be undone.`}
        confirmLabel="Yes, I've finished"
        destructive={false}
        onConfirm={confirmClose}
      />
    </>
  );
}
