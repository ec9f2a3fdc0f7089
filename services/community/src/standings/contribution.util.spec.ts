import { describe, expect, it } from '@jest/globals';
import { centsToDecimal, contributionOf, difference, isNothing, type MemberSnapshot } from './contribution.util.js';

const member: MemberSnapshot = {
  status: 'member',
  published: true,
  raised: '120.50',
  donors: 3,
  currency: 'USD',
  meters: 1000,
};

describe('what a member adds to its group', () => {
  it('counts a published member in full, its raised amount only in the group currency', () => {
    expect(contributionOf(member, 'USD')).toEqual({ raisedCents: 12050, donors: 3, meters: 1000, members: 1 });
    expect(contributionOf(member, 'GBP')).toEqual({ raisedCents: 0, donors: 3, meters: 1000, members: 1 });
  });

  it('counts nothing for a pending request, an unpublished page or no member', () => {
    expect(contributionOf({ ...member, status: 'pending' }, 'USD').members).toBe(0);
    expect(isNothing(contributionOf({ ...member, published: false }, 'USD'))).toBe(true);
    expect(isNothing(contributionOf(null, 'USD'))).toBe(true);
  });

  it('moves the group by new − old, in cents so sums of amounts never drift', () => {
    const before = contributionOf(member, 'USD');
    const after = contributionOf({ ...member, raised: '100.00', donors: 5 }, 'USD');
    expect(difference(before, after)).toEqual({ raisedCents: -2050, donors: 2, meters: 0, members: 0 });
    expect(contributionOf({ ...member, raised: '0.29' }, 'USD').raisedCents).toBe(29);
    expect(centsToDecimal(-2050)).toBe('-20.50');
    expect(centsToDecimal(7)).toBe('0.07');
  });
});
