import { PLEDGE_LINK_ACTIONS, type PledgeLinkAction } from '@runpledge/contracts';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { SuppressInbox } from '@/features/mail';
import { PledgeMailAction } from '@/features/pledges/components/pledge-mail-action';
import NotFoundRoute from './not-found';

const isAction = (value: string): value is PledgeLinkAction =>
  (PLEDGE_LINK_ACTIONS as readonly string[]).includes(value);

/**
 * /pledges/{id}/paid, /cancel and /unsubscribe: the links of a supporter's mails. The unsubscribe page
 * also offers "no more mail from RunPledge to this address" with the same token (kept from the
 * address the link opened: stopping this pledge's mails takes it out of the address bar).
 */
export default function PledgeMailActionRoute() {
  const { pledgeId = '', action = '' } = useParams();
  const [params] = useSearchParams();
  const [token] = useState(() => params.get('token') ?? '');
  if (!isAction(action)) return <NotFoundRoute />;
  return (
    <PageLayout>
      {/* Keyed: another link of the same mail starts fresh. */}
      <PledgeMailAction key={`${pledgeId}/${action}`} pledgeId={pledgeId} action={action} />
      {action === 'unsubscribe' && token && (
        <div className="mx-auto max-w-md">
          <SuppressInbox token={token} />
        </div>
      )}
    </PageLayout>
  );
}
