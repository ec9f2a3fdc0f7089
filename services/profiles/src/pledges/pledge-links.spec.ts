import { describe, expect, it } from '@jest/globals';
import { PLEDGE_MESSAGES, PLEDGE_STATUSES, type PledgeStatus } from '@runpledge/contracts';
import { linkChange } from './pledge-links.js';

const outcome = (change: ReturnType<typeof linkChange>) =>
  'set' in change ? 'changes' : 'keep' in change ? 'keeps' : change.refuse;

describe("the supporter's mail links", () => {
  it('cancels a pledge until it is paid, a due one too (its reminders stop); paid or cancelled ones answer why not', () => {
    const byStatus = Object.fromEntries(PLEDGE_STATUSES.map((s) => [s, outcome(linkChange('cancel', s))]));
    expect(byStatus).toEqual<Record<PledgeStatus, string>>({
      pending_confirmation: 'changes',
      active: 'changes',
      due: 'changes',
      paid: PLEDGE_MESSAGES.cancelTooLate,
      cancelled: PLEDGE_MESSAGES.cancelled,
    });
    expect(linkChange('cancel', 'due')).toEqual({
      set: { status: 'cancelled', cancelledAt: 'now', dropConfirmToken: true, stopReminders: true },
    });
  });

  it('marks paid only a due pledge, again without change; never a cancelled one', () => {
    const byStatus = Object.fromEntries(PLEDGE_STATUSES.map((s) => [s, outcome(linkChange('paid', s))]));
    expect(byStatus).toEqual<Record<PledgeStatus, string>>({
      pending_confirmation: PLEDGE_MESSAGES.notDueYet,
      active: PLEDGE_MESSAGES.notDueYet,
      due: 'changes',
      paid: 'keeps',
      cancelled: PLEDGE_MESSAGES.cancelled,
    });
    expect(linkChange('paid', 'due')).toEqual({ set: { status: 'paid', paidAt: 'now', stopReminders: true } });
  });

  it('stops the mails whatever the state, the reminders included', () => {
    for (const status of PLEDGE_STATUSES) {
      expect(linkChange('unsubscribe', status)).toEqual({
        set: { unsubscribedAt: 'now unless set', stopReminders: true },
      });
    }
  });
});
