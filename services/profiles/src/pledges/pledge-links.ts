import { PLEDGE_MESSAGES, type PledgeLinkAction, type PledgeStatus } from '@runpledge/contracts';

/**
 * What a link of the supporter's mails does to a pledge in `status`: the columns it sets (`$2` is
 * now), `keep` when it is done already, or the conflict message when it cannot be done.
 */
export type LinkChange = { set: string } | { keep: true } | { refuse: string };

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
      return { set: `status = 'paid', paid_at = $2, next_reminder_at = NULL` };
    case 'cancel':
      if (status === 'paid') return { refuse: PLEDGE_MESSAGES.cancelTooLate };
      if (status === 'cancelled') return { refuse: PLEDGE_MESSAGES.cancelled };
      return {
        set: `status = 'cancelled', cancelled_at = $2, confirm_token_hash = NULL, next_reminder_at = NULL`,
      };
    case 'unsubscribe':
      return { set: `unsubscribed_at = coalesce(unsubscribed_at, $2), next_reminder_at = NULL` };
  }
}
