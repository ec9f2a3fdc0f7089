import { PLEDGE_LINK_ACTIONS, type PledgeLinkAction } from '@runpledge/contracts';
import { useParams } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { PledgeMailAction } from '@/features/pledges/components/pledge-mail-action';
import NotFoundRoute from './not-found';

const isAction = (value: string): value is PledgeLinkAction =>
  (PLEDGE_LINK_ACTIONS as readonly string[]).includes(value);

/** /pledges/{id}/paid, /cancel and /unsubscribe: the links of a supporter's due and reminder mails. */
export default function PledgeMailActionRoute() {
  const { pledgeId = '', action = '' } = useParams();
  if (!isAction(action)) return <NotFoundRoute />;
  return (
    <PageLayout>
      {/* Keyed: another link of the same mail starts fresh. */}
      <PledgeMailAction key={`${pledgeId}/${action}`} pledgeId={pledgeId} action={action} />
    </PageLayout>
  );
}
