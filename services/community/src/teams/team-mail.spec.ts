import { describe, expect, it } from '@jest/globals';
import { joinRequestMail, newMembersDigestMail } from './team-mail.js';

const team = { id: 'team-1', name: 'Door Crew' };
const STOP = 'https://runpledge.test/mail/stop?token=abc';

describe("the captain's mails", () => {
  it('end with the link that stops all mail to the inbox', () => {
    const request = joinRequestMail('c@example.com', team, { id: 'p', name: 'Ann' }, 'https://t/teams/door', STOP);
    const digest = newMembersDigestMail('c@example.com', team, [{ name: 'Ann', pageSlug: 'ann' }], 'https://t', STOP);
    for (const mail of [request, digest]) {
      expect(mail.text).toContain(`No more mail from RunPledge to this address: ${STOP}`);
      expect(mail.html).toContain('No more mail from RunPledge to this address');
    }
  });

  it('tell in the digest the requests that were not mailed at once, apart from new members', () => {
    const asking = [{ name: 'Door Knocker', pageSlug: 'knock' }];
    const onlyRequests = newMembersDigestMail('c@example.com', team, [], 'https://t', STOP, asking);
    expect(onlyRequests.subject).toBe('1 join request waiting for Door Crew');
    expect(onlyRequests.text).toContain(
      "Asking to join Door Crew (approve or decline on the team's page):\n\n- Door Knocker",
    );
    const both = newMembersDigestMail('c@example.com', team, [{ name: 'Ann', pageSlug: 'ann' }], 'https://t', STOP, [
      ...asking,
      { name: 'Bo', pageSlug: 'bo' },
    ]);
    expect(both.subject).toBe('Door Crew: 1 new member, 2 requests');
    expect(
      newMembersDigestMail('c@example.com', team, [{ name: 'Ann', pageSlug: 'ann' }], 'https://t', STOP).subject,
    ).toBe('Ann joined Door Crew');
  });
});
