import { RACE_DAY_MESSAGES } from '@runpledge/contracts';
import { PageLayout } from '@/components/layouts/page-layout';
import { PledgeLinkPage } from '@/features/pledges/components/pledge-link-page';
import { useConfirmFollower } from '@/features/race-day/api/race-day';

/** /followers/confirm?token=: the link of the follow mail (the pledges' link page: one shape for every mail link). */
function FollowerConfirm() {
  const confirm = useConfirmFollower();
  return (
    <PledgeLinkPage
      title="Follow the race"
      explanation="Confirming signs you up for three e-mails at most: race morning, the finish with the time, and the runner's thank-you."
      actionLabel="Confirm I follow"
      doneMessage="You're following the race."
      doneDetail="We will e-mail you on race morning and when the runner finishes."
      invalidMessage={RACE_DAY_MESSAGES.confirmLinkInvalid}
      invalidHint="A confirmation link works once, for 48 hours. If you confirmed already, you are following: there is nothing more to do."
      mutation={{
        mutate: (token, { onSuccess }) => confirm.mutate({ token }, { onSuccess: () => onSuccess() }),
        isPending: confirm.isPending,
        error: confirm.error,
      }}
    />
  );
}

export default function FollowerConfirmRoute() {
  return (
    <PageLayout>
      <FollowerConfirm />
    </PageLayout>
  );
}
