import { PLEDGE_MESSAGES, type PledgeLinkAction, type PledgeStatus } from '@runpledge/contracts';

/**
 * What a followed link changes on its pledge, as data: the repository turns it into the UPDATE.
 * `'now'` is the moment the link is followed; every change stops the reminders.
 */
export interface PledgeChange {
  status?: 'paid' | 'cancelled';
  paidAt?: 'now';
  cancelledAt?: 'now';
  /** The first "no more mails" is the one kept. */
  unsubscribedAt?: 'now unless set';
  /** The confirmation link stops working. */
  dropConfirmToken?: true;
  stopReminders: true;
}

/** What a link of the supporter's mails does to a pledge in `status`. */
export type LinkChange = { set: PledgeChange } | { keep: true } | { refuse: string };

/**
 * The rules of the supporter's links. "I've paid" once due; cancel until paid (a due pledge too:
 * the supporter who will not pay stops the reminders that way); no more mails whatever the state.
 */
export function linkChange(action: PledgeLinkAction, status: PledgeStatus): LinkChange {
  switch (action) {
    case 'paid':
      if (status === 'paid') return { keep: true };
      if (status === 'cancelled') return { refuse: PLEDGE_MESSAGES.cancelled };
      if (status !== 'due') return { refuse: PLEDGE_MESSAGES.notDueYet };
      return { set: { status: 'paid', paidAt: 'now', stopReminders: true } };
    case 'cancel':
      if (status === 'paid') return { refuse: PLEDGE_MESSAGES.cancelTooLate };
      if (status === 'cancelled') return { refuse: PLEDGE_MESSAGES.cancelled };
      return { set: { status: 'cancelled', cancelledAt: 'now', dropConfirmToken: true, stopReminders: true } };
    case 'unsubscribe':
      return { set: { unsubscribedAt: 'now unless set', stopReminders: true } };
  }
}
