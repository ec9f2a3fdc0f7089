import { PLEDGE_MESSAGES } from '@runpledge/contracts';
import { useConfirmPledge } from '../api/confirm-pledge';
import { PledgeLinkPage } from './pledge-link-page';

/** /pledges/confirm?token=: the link of the pledge mail; the pledge counts once confirmed here. */
export function PledgeConfirm() {
  const confirm = useConfirmPledge();
  return (
    <PledgeLinkPage
      title="Confirm your pledge"
      explanation="Confirming makes your pledge count: from today your amount adds up with every run, and your name and what you have earned show on the runner's page (your e-mail never does)."
      actionLabel="Confirm my pledge"
      doneMessage="Thank you: your pledge is confirmed."
      doneDetail="We will e-mail you what you owe, with a link to give on the runner's fundraising page, once the pledge falls due."
      invalidMessage={PLEDGE_MESSAGES.confirmLinkInvalid}
      invalidHint="A confirmation link works once, for 48 hours. If you confirmed already, your pledge counts: there is nothing more to do."
      mutation={{
        mutate: (token, { onSuccess }) => confirm.mutate({ token }, { onSuccess: ({ pledge }) => onSuccess(pledge) }),
        isPending: confirm.isPending,
        error: confirm.error,
      }}
    />
  );
}
