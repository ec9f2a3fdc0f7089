import { PLEDGE_MESSAGES, type PledgeLinkAction } from '@runpledge/contracts';
import { usePledgeLinkAction } from '../api/pledge-link-action';
import { PledgeLinkPage, type PledgeLinkPageProps } from './pledge-link-page';

type ActionWording = Pick<
  PledgeLinkPageProps,
  'title' | 'explanation' | 'actionLabel' | 'destructive' | 'doneMessage' | 'doneDetail' | 'invalidHint'
>;

const WORDING: Record<PledgeLinkAction, ActionWording> = {
  paid: {
    title: 'Mark your pledge as paid',
    explanation:
      'Tell the runner you have given what you pledged on their fundraising page. The reminders stop; nothing is charged here.',
    actionLabel: "I've paid",
    doneMessage: 'Thank you: your pledge is marked as paid.',
    doneDetail: 'The runner sees it, and you will get no more reminders.',
    invalidHint: 'If you marked it paid already, there is nothing more to do.',
  },
  cancel: {
    title: 'Cancel your pledge',
    explanation:
      'Cancelling withdraws your pledge: it stops counting, your name leaves the runner’s page and you get no more mails about it. A pledge can be cancelled until you mark it paid.',
    actionLabel: 'Cancel my pledge',
    destructive: true,
    doneMessage: 'Your pledge is cancelled.',
    doneDetail: 'You will get no more mails about it.',
    invalidHint: 'If you cancelled it already, there is nothing more to do.',
  },
  unsubscribe: {
    title: 'Stop mails about this pledge',
    explanation:
      'You will get no more reminders about this pledge. The pledge itself stays as it is; you can still mark it paid from the mail you have.',
    actionLabel: 'Stop the mails',
    doneMessage: 'Done: no more mails about this pledge.',
    invalidHint: 'If you stopped them already, there is nothing more to do.',
  },
};

/** /pledges/{id}/paid|cancel|unsubscribe?token=: a link of the supporter's due or reminder mail. */
export function PledgeMailAction({ pledgeId, action }: { pledgeId: string; action: PledgeLinkAction }) {
  const mutation = usePledgeLinkAction();
  return (
    <PledgeLinkPage
      {...WORDING[action]}
      invalidMessage={PLEDGE_MESSAGES.linkInvalid}
      mutation={{
        mutate: (token, { onSuccess }) =>
          mutation.mutate({ pledgeId, action, token }, { onSuccess: (result) => onSuccess(result.pledge) }),
        isPending: mutation.isPending,
        error: mutation.error,
      }}
    />
  );
}
