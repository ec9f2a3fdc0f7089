import { describe, expect, it } from '@jest/globals';
import { publishedView } from '../../test/support/share-fixtures.js';
import { formatMarathonDate, pageAddress, shareCardContent, shareCardVersion } from './share-card.content.js';

const SITE = 'https://runpledge.example';

describe('share card content', () => {
  it('draws the name, the marathon, its date and the fundraising progress', () => {
    expect(shareCardContent(publishedView(), SITE)).toEqual({
      name: 'Jane Runner',
      marathonName: 'Chicago Marathon',
      marathonDate: 'Sunday, October 11, 2026',
      pageAddress: 'runpledge.example/jane-runs',
      fundraising: { kind: 'progress', raised: '$1,250', goal: '$5,000', percent: 25, donors: 18 },
    });
  });

  it('shows what the page has when there is no goal: the amount raised, else the challenges', () => {
    const noGoal = publishedView({ fundraisingGoal: '0.00', fundsRaised: '99.50', totalDonors: 1 });
    expect(shareCardContent(noGoal, SITE).fundraising).toEqual({ kind: 'raised', raised: '$99.50', donors: 1 });
    const challenge = {
      id: 'c',
      runnerProfileId: 'p',
      amount: 25,
      description: 'Song',
      isExclusive: false,
      position: 0,
    };
    const challenges = publishedView({ fundraisingGoal: '0', fundsRaised: '0', fundraisingChallenges: [challenge] });
    expect(shareCardContent(challenges, SITE).fundraising).toEqual({ kind: 'challenges', count: 1 });
    const bare = publishedView({ fundraisingGoal: '0', fundsRaised: '0' });
    expect(shareCardContent(bare, SITE).fundraising).toEqual({ kind: 'none' });
    const over = publishedView({ fundraisingGoal: '100', fundsRaised: '250' });
    expect(shareCardContent(over, SITE).fundraising).toMatchObject({ percent: 100 });
  });

  it("draws the amounts in the page's own currency (JustGiving pages are often in pounds)", () => {
    const pounds = publishedView({ fundraisingCurrency: 'GBP', fundsRaised: '250.00', fundraisingGoal: '1000.00' });
    expect(shareCardContent(pounds, SITE).fundraising).toMatchObject({ raised: '£250', goal: '£1,000' });
  });

  it('changes the version with anything drawn, and only with that', () => {
    const version = (overrides = {}) => shareCardVersion(shareCardContent(publishedView(overrides), SITE));
    expect(version()).toMatch(/^[\w-]{16}$/);
    expect(version({ description: 'A new story', updatedAt: '2027-01-01T00:00:00.000Z' })).toBe(version());
    for (const change of [{ name: 'Janet' }, { fundsRaised: '1300' }, { marathonDate: '2026-10-12' }]) {
      expect(version(change)).not.toBe(version());
    }
  });

  it('formats the date as a calendar date and the address without the scheme', () => {
    expect(formatMarathonDate('2027-01-01')).toBe('Friday, January 1, 2027');
    expect(pageAddress('http://localhost:3000', 'jane')).toBe('localhost:3000/jane');
    expect(pageAddress('https://example.org/pledge/', 'jane')).toBe('example.org/pledge/jane');
  });
});
