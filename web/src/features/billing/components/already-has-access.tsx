import type { SubscriptionCheck } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { PageHeading } from '@/components/layouts/page-heading';
import { LinkButton } from '@/components/ui/link-button';
import { formatCalendarDate } from '@/lib/dates';
import { getProfileSlug } from '../api/get-profile-slug';
import { PaymentNotice } from './payment-notice';

/** Statuses that already give the runner a live page: nothing to pay, no Checkout to start. */
export function alreadyHasAccess(subscription: SubscriptionCheck | null): subscription is SubscriptionCheck {
  return subscription !== null && ['trialing', 'active', 'lifetime'].includes(subscription.status);
}

function accessText(subscription: SubscriptionCheck): string {
  if (subscription.lifetimeAccess || subscription.status === 'lifetime') {
    return 'You have lifetime access: your page stays live, with nothing to pay.';
  }
  if (subscription.status === 'trialing' && subscription.trialEndsAt) {
    return `Your free trial runs until ${formatCalendarDate(subscription.trialEndsAt.slice(0, 10))}.`;
  }
  return subscription.currentPeriodEnd
    ? `Your subscription is active; the next payment is on ${formatCalendarDate(subscription.currentPeriodEnd.slice(0, 10))}.`
    : 'Your subscription is active.';
}

/** /payment for a runner whose page is already live: says so and links to the page and the dashboard. */
export function AlreadyHasAccess({ userId, subscription }: { userId: string; subscription: SubscriptionCheck }) {
  const slug = useQuery({ queryKey: ['profile-slug', userId], queryFn: () => getProfileSlug(userId), retry: false });
  return (
    <div className="space-y-8">
      <PageHeading lead="Your fundraising page is live.">You already have access</PageHeading>
      <PaymentNotice title={subscription.status === 'trialing' ? 'Free trial active' : 'All set'} tone="success">
        <p>{accessText(subscription)}</p>
      </PaymentNotice>
      <div className="flex flex-wrap gap-3">
        {slug.data && <LinkButton to={`/${slug.data}`}>View your page</LinkButton>}
        <LinkButton to="/dashboard" variant="outline">
          Go to your dashboard
        </LinkButton>
      </div>
    </div>
  );
}
