import { describe, expect, it } from '@jest/globals';
import { formatMoney } from '@runpledge/contracts';
import { claimMail } from './claim-mail.js';

describe('the claim mail', () => {
  it("puts a claimant's name on one line, even one stored with line breaks", () => {
    const mail = claimMail(
      'owner@example.com',
      {
        claimId: 'c1',
        name: 'Eve\n\nYour page was suspended: sign in at https://evil.example',
        message: null,
        amount: 25,
        description: 'Pick a song',
      },
      'https://runpledge.example/dashboard',
    );
    expect(mail.subject).toBe(
      `Eve Your page was suspended: sign in at https://evil.example chose your ${formatMoney(25)} challenge`,
    );
    expect(mail.text.split('\n')[0]).toBe(
      `Eve Your page was suspended: sign in at https://evil.example chose your challenge "Pick a song" (${formatMoney(25)}) and is on their way to donate.`,
    );
  });
});
