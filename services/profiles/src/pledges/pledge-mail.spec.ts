import { describe, expect, it } from '@jest/globals';
import { donateAmount, pledgeDueMail, type PledgeMailFacts } from './pledge-mail.js';

const facts: PledgeMailFacts = {
  pledgeId: 'p1',
  to: 'sam@example.com',
  supporterName: 'Sam',
  runnerName: 'Jane',
  pageUrl: 'https://runpledge.test/jane',
  ratePerUnit: 10,
  unit: 'mi',
  cap: 100,
  counts: 'training',
  currency: 'SEK',
  links: { paidUrl: 'https://x/paid', cancelUrl: 'https://x/cancel', unsubscribeUrl: 'https://x/unsub' },
};

describe("a due pledge's mail", () => {
  it("fills the donate page's amount only while the page raises in the pledge's currency", () => {
    expect(donateAmount(100, 'SEK', 'SEK')).toBe(100);
    expect(donateAmount(100, 'SEK', 'GBP')).toBeUndefined();
    expect(donateAmount(0, 'SEK', 'SEK')).toBeUndefined();
  });

  it("states every amount in the pledge's currency", () => {
    const mail = pledgeDueMail(facts, { earned: 100, distanceCounted: 12, donateUrl: null, reminder: 0 });
    expect(mail.subject).toMatch(/your pledge is SEK\s100\.00$/);
    expect(mail.text).toMatch(/SEK\s10 per mile .* up to SEK\s100\./);
    expect(mail.text).not.toMatch(/[£$]/);
  });
});
