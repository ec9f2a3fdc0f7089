import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useSubscriptionCheck } from '../api/get-subscription-check';
import { describeSubscription, LAPSE_NOTICE } from '../utils/describe-subscription';
import { ManageBillingButton } from './manage-billing-button';

/** The runner's subscription at a glance: state, days left or next charge, and the way to manage it. */
export function SubscriptionPanel({ className }: { className?: string }) {
  const check = useSubscriptionCheck();

  if (check.isPending) {
    return (
      <div role="status" aria-label="Loading your subscription" className={className}>
        <Skeleton className="h-28 rounded-xl" />
      </div>
    );
  }
  if (check.isError) {
    return (
      <div role="alert" className={cn('flex flex-wrap items-center gap-3', className)}>
        <p className="text-danger-800">We could not load your subscription.</p>
        <Button variant="outline" size="sm" onClick={() => void check.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const summary = describeSubscription(check.data);
  return (
    <div className={cn('flex flex-col gap-3', className)} data-testid="subscription-panel">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-lg font-bold text-brand-950">{summary.title}</p>
        <Badge tone={summary.tone === 'good' ? 'brand' : summary.tone === 'warning' ? 'accent' : 'neutral'}>
          {check.data.hasAccess ? 'Pages live' : 'Pages hidden'}
        </Badge>
      </div>
      <p className="text-neutral-700">{summary.detail}</p>
      {check.data.status !== 'lifetime' && <p className="text-sm text-muted-foreground">{LAPSE_NOTICE}</p>}
      <div className="flex flex-wrap gap-2">
        {summary.canManage && <ManageBillingButton />}
        {summary.canSubscribe && <LinkButton to="/payment">Start free trial</LinkButton>}
      </div>
    </div>
  );
}
